/* A library that exports one symbol of the acl API and nothing else: loading it as a backend must fail with a
 * message naming every other required symbol. */
int aclInit(const char* configPath) {
  (void)configPath;
  return 0;
}
