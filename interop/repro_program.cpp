#include "interop/repro_program.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "case/descriptor.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"

namespace poolcheck::interop {

namespace {

constexpr const char* kRuntime =
#include "interop/repro_program_runtime.inc"
    ;

std::string ints(const std::vector<int64_t>& v) {
  std::string s = "{";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "}";
}

std::string byte_array(const std::string& name, const std::vector<uint8_t>& bytes) {
  std::ostringstream os;
  os << "const unsigned char " << name << "[] = {";
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i % 24 == 0) os << "\n    ";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x,", bytes[i]);
    os << hex;
  }
  os << "\n};\n";
  return os.str();
}

// Doubles as their exact bytes (little-endian IEEE 754), so NaN, infinities and every bit survive.
std::vector<uint8_t> double_bytes(const std::vector<double>& v) {
  std::vector<uint8_t> b(v.size() * 8);
  for (size_t i = 0; i < v.size(); ++i) std::memcpy(b.data() + i * 8, &v[i], 8);
  return b;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

class Writer {
 public:
  Writer(const std::string& name, int64_t limit, ReproProgram* out) : name_(name), limit_(limit), out_(out) {}

  // A Blob initialiser for `bytes`: embedded, or a sidecar .npy of `dtype` elements.
  std::string blob(const std::string& id, const std::vector<uint8_t>& bytes, DType dtype, std::string* decls) {
    const std::string descr = npy::descr_for(dtype);
    if (static_cast<int64_t>(bytes.size()) > limit_ && !descr.empty()) {
      const std::string file = name_ + "." + id + ".npy";
      npy::Array a;
      a.descr = descr;
      a.shape = {static_cast<int64_t>(bytes.size()) / npy::descr_item_size(descr)};
      a.data = bytes;
      out_->sidecars[file] = a;
      return "{nullptr, " + std::to_string(bytes.size()) + ", " + quoted(file) + "}";
    }
    *decls += byte_array("k_" + id, bytes);
    return "{k_" + id + ", sizeof k_" + id + ", nullptr}";
  }

 private:
  std::string name_;
  int64_t limit_;
  ReproProgram* out_;
};

// The end of main() for an invalid case: the documented status in its phase, and nothing written.
std::string documented_failure_verdict(const CaseBytes& d) {
  const std::string expected = "status " + std::to_string(d.expected_status) + " in " + phase_name(d.expected_phase);
  return "  if (status != " + std::to_string(d.expected_status) + ")\n    return verdict(false, \"expected " +
         expected + " (rule " + d.expected_rule +
         "), got \" + std::to_string(status) + (status ? \": \" + recent_error() : \"\"));\n"
         "  const std::string touched = untouched(tensors, true);\n"
         "  if (!touched.empty()) return verdict(false, \"the call failed as documented but \" + touched);\n"
         "  return verdict(true, \"" +
         expected + ", as documented (rule " + d.expected_rule + ")\");\n}\n";
}

}  // namespace

ReproProgram repro_program(const CaseBytes& d, const std::string& name, const std::string& source_note,
                           int64_t embed_limit_bytes) {
  const Case& c = d.c;
  const OpAdapter& op = *find_adapter(c.op);
  const OperatorRow* row = find_operator_row(c.op);
  if (!row) throw std::invalid_argument("no operator table row for " + c.op);
  ReproProgram out;
  Writer writer(name, embed_limit_bytes, &out);
  const bool valid = d.expected_status == 0;
  const std::string expects = valid ? "success, " + op.output + " within poolcheck's tolerance bound of the oracle"
                                    : "status " + std::to_string(d.expected_status) + " in " +
                                          phase_name(d.expected_phase) + " (rule " + d.expected_rule + ")";

  std::ostringstream src;
  src << "// poolcheck standalone repro program, written by `poolcheck export`: one " << row->aclnn
      << " call and its verdict.\n"
      << "//   case:    " << to_descriptor(c) << "\n";
  if (!source_note.empty()) src << "//   source:  " << source_note << "\n";
  src << "//   expects: " << expects << "\n"
      << "// It needs CANN's public headers and libraries only, and nothing of poolcheck at run time.\n"
      << "// Build against a CANN toolkit (a board, or the vendor's simulators):\n"
      << "//   g++ -std=c++17 -O2 " << name << ".cpp -I\"${ASCEND_HOME_PATH}/include\" "
      << "-L\"${ASCEND_HOME_PATH}/lib64\" -lascendcl -lnnopbase -lopapi -o " << name << "\n"
      << "// Build against poolcheck's installed package (its emulated NPU):\n"
      << "//   g++ -std=c++17 -O2 " << name << ".cpp -I\"${PREFIX}/include/poolcheck\" -L\"${PREFIX}/lib\" "
      << "-lpoolcheck_acl -Wl,-rpath,\"${PREFIX}/lib\" -o " << name << "\n"
      << "// Run: ./" << name << " [DIR]   (DIR holds the .npy files written beside this source; default .)\n"
      << "//   the emulator runs the SoC named by POOLCHECK_SOC: POOLCHECK_SOC=" << c.platform << " ./" << name << "\n";
  if (c.cores || c.ub_bytes || c.int32_index_limit)
    src << "//   the case's emulator knobs (cores, ub, i32limit) are not part of CANN's API and are not set here: the\n"
        << "//   tiling may differ from poolcheck's run, the expected values do not\n";
  src << "// Exit status: 0 the call did what poolcheck expects, 1 it did not (the verdict line says where), 2 it\n"
      << "// could not run.\n"
      << "#include <cmath>\n#include <cstdint>\n#include <cstdio>\n#include <cstring>\n#include <fstream>\n"
      << "#include <iterator>\n#include <string>\n#include <vector>\n\n"
      << "#include \"acl/acl.h\"\n#include \"aclnnop/" << row->header << "\"\n";
  src << kRuntime;

  std::string decls, tensor_rows;
  size_t out_index = 0;
  std::map<std::string, size_t> index_of;
  for (const auto& [tname, arg] : c.tensors) {
    index_of[tname] = index_of.size();
    if (!arg.present) {
      tensor_rows +=
          "      {" + quoted(tname) +
          ", false, ACL_FLOAT, ACL_FORMAT_ND, {}, {}, 0, false, {nullptr, 0, nullptr}, {}, nullptr, nullptr},\n";
      continue;
    }
    const TensorBytes* tb = nullptr;
    for (const auto& t : d.tensors)
      if (t.name == tname) tb = &t;
    if (!tb) throw std::logic_error("no bytes for tensor " + tname);
    if (tb->is_output) out_index = index_of[tname];
    const std::string blob = writer.blob(tname, tb->initial, arg.dtype, &decls);
    tensor_rows += "      {" + quoted(tname) + ", true, " + acl_name(arg.dtype) + ", " + acl_name(arg.format) + ", " +
                   ints(arg.shape) + ", " + ints(effective_strides(arg)) + ", " + std::to_string(arg.offset) + ", " +
                   (tb->is_output ? "true" : "false") + ", " + blob + ", {}, nullptr, nullptr},\n";
  }
  std::string expected_blob = "{nullptr, 0, nullptr}", bound_blob = expected_blob;
  if (valid) {
    expected_blob = writer.blob("expected", double_bytes(d.expected), DType::F64, &decls);
    bound_blob = writer.blob("bound", double_bytes(d.bound), DType::F64, &decls);
  }
  src << "\nnamespace {\n" << decls << "}  // namespace\n\n";

  src << "int main(int argc, char** argv) {\n"
      << "  g_name = " << quoted(name) << ";\n"
      << "  const std::string dir = argc > 1 ? argv[1] : \".\";\n"
      << "  std::vector<Tensor> tensors{\n"
      << tensor_rows << "  };\n"
      << "  std::vector<unsigned char> expected_bytes, bound_bytes;\n"
      << "  std::string why;\n"
      << "  if (!load(Blob" << expected_blob << ", dir, &expected_bytes, &why) || !load(Blob" << bound_blob
      << ", dir, &bound_bytes, &why))\n"
      << "    return could_not_run(why);\n"
      << "  std::vector<double> expected(expected_bytes.size() / 8), bound(bound_bytes.size() / 8);\n"
      << "  if (!expected.empty()) std::memcpy(expected.data(), expected_bytes.data(), expected_bytes.size());\n"
      << "  if (!bound.empty()) std::memcpy(bound.data(), bound_bytes.data(), bound_bytes.size());\n"
      << "  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return "
         "could_not_run(\"aclInit/aclrtSetDevice\");\n"
      << "  Owned owned;  // released on every way out, after the tensors\n"
      << "  if (aclrtCreateStream(&owned.stream) != ACL_SUCCESS) return could_not_run(\"aclrtCreateStream\");\n"
      << "  const char* soc = aclrtGetSocName();\n"
      << "  if (soc && std::strcmp(soc, " << quoted(c.platform) << ") != 0)\n"
      << "    std::printf(\"note: this device is %s; the case was made for " << c.platform << "\\n\", soc);\n"
      << "  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, " << (c.deterministic ? 1 : 0) << ");\n"
      << "  for (Tensor& t : tensors)\n"
      << "    if (!upload(&t, dir, &why)) return could_not_run(why);\n";
  // Int arrays: a null one passes nullptr.
  std::string args;
  for (const CallParam& p : op.signature) {
    const std::string pname = p.name;
    if (!args.empty()) args += ", ";
    switch (p.kind) {
      case CallParam::Tensor:
        args += "tensors[" + std::to_string(index_of.at(pname)) + "].handle";
        break;
      case CallParam::IntArray: {
        const IntArrayArg* a = c.array(pname);
        if (!a || !a->present) {
          args += "nullptr";
          break;
        }
        std::vector<int64_t> values = a->values;
        src << "  const int64_t values_" << pname << "[] = " << ints(values.empty() ? std::vector<int64_t>{0} : values)
            << ";\n"
            << "  aclIntArray* " << pname << " = owned.keep(aclCreateIntArray(values_" << pname << ", " << values.size()
            << "));\n";
        args += pname;
        break;
      }
      case CallParam::Bool:
        args += c.scalar(pname).value_or(p.absent) != 0 ? "true" : "false";
        break;
      case CallParam::Int64:
        args += "static_cast<int64_t>(" + std::to_string(c.scalar(pname).value_or(p.absent)) + ")";
        break;
      case CallParam::Int8:
        args += "static_cast<int8_t>(" + std::to_string(c.scalar(pname).value_or(p.absent)) + ")";
        break;
    }
  }
  const std::string out_ref = "tensors[" + std::to_string(out_index) + "]";
  src << "  uint64_t workspace_size = 0;\n"
      << "  aclOpExecutor* executor = nullptr;\n"
      << "  aclnnStatus status = " << row->aclnn << "GetWorkspaceSize(" << args << ", "
      << (c.null_workspace_size ? "nullptr" : "&workspace_size") << ", " << (c.null_executor ? "nullptr" : "&executor")
      << ");\n";
  if (d.expected_status != 0 && d.expected_phase == Phase::GetWorkspaceSize) {
    src << documented_failure_verdict(d);
    out.source = src.str();
    return out;
  }
  src << "  if (status != 0)\n"
      << "    return verdict(false, \"GetWorkspaceSize returned \" + std::to_string(status) + \": \" + recent_error() "
         "+ \" (expected "
      << (valid ? "success" : "success, then " + std::to_string(d.expected_status) + " in Execute") << ")\");\n"
      << "  if (workspace_size > 0 && aclrtMalloc(&owned.workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) != "
         "ACL_SUCCESS)\n"
      << "    return could_not_run(\"the workspace\");\n"
      << "  status = " << row->aclnn << "(owned.workspace, workspace_size, executor, owned.stream);\n"
      << "  if (status == 0) status = aclrtSynchronizeStream(owned.stream);\n";
  if (!valid) {
    src << documented_failure_verdict(d);
    out.source = src.str();
    return out;
  }
  src << "  if (status != 0) return verdict(false, \"execute returned \" + std::to_string(status) + \": \" + "
         "recent_error());\n"
      << "  const std::string touched = untouched(tensors, false);\n"
      << "  if (!touched.empty()) return verdict(false, touched);\n"
      << "  return judge_output(" << out_ref << ", expected, bound);\n}\n";
  out.source = src.str();
  return out;
}

}  // namespace poolcheck::interop
