// A vocabulary: an enum and its one name table, a row per value giving the word descriptors, reports and the CLI
// spell it with. These helpers read any such table (rows with `value` and `word` members, possibly more), so each
// vocabulary writes its table once and no word is spelled anywhere else.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace poolcheck {

// A row of a plain table: the value and its word (a table whose rows say more declares its own row type).
template <typename E>
struct VocabularyRow {
  E value;
  const char* word;
};

// The word of `value`, or "?" when the table lacks it (a value no row names: a defect, never a crash).
template <typename Row, size_t N>
const char* vocabulary_word(const Row (&table)[N], decltype(Row::value) value) {
  for (const Row& r : table)
    if (r.value == value) return r.word;
  return "?";
}

// The value a word names; nullopt for a word outside the vocabulary.
template <typename Row, size_t N>
std::optional<decltype(Row::value)> vocabulary_value(const Row (&table)[N], std::string_view word) {
  for (const Row& r : table)
    if (word == r.word) return r.value;
  return std::nullopt;
}

// Every word of the table, "a, b, c", for error messages.
template <typename Row, size_t N>
std::string vocabulary_words(const Row (&table)[N]) {
  std::string out;
  for (const Row& r : table) {
    if (*r.word == '\0') continue;  // a value spelled as nothing (e.g. "none") is no word to offer
    if (!out.empty()) out += ", ";
    out += r.word;
  }
  return out;
}

// The parse error of a word outside a vocabulary: "unknown <what> '<token>' (known: <words>)".
inline std::string unknown_word_error(std::string_view what, std::string_view token, std::string_view known) {
  std::string out = "unknown ";
  out.append(what).append(" '").append(token).append("' (known: ").append(known).append(")");
  return out;
}

// The value a token names; nullopt with `error` set to unknown_word_error (the vocabulary called `what`).
template <typename Row, size_t N>
std::optional<decltype(Row::value)> vocabulary_parse(const Row (&table)[N], std::string_view what,
                                                     std::string_view token, std::string* error) {
  const std::optional<decltype(Row::value)> value = vocabulary_value(table, token);
  if (!value) *error = unknown_word_error(what, token, vocabulary_words(table));
  return value;
}

}  // namespace poolcheck
