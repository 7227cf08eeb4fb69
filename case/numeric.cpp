#include "case/numeric.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "case/exact_chunks.h"

namespace poolcheck {

namespace numeric_detail {

// The general rounding (numeric.h), for what the bit rounding leaves: zero, subnormals, overflow, inf and NaN.
double round_binary(const FloatFormat& f, double v) {
  if (!std::isfinite(v) || v == 0) return v;
  int e = 0;
  std::frexp(std::fabs(v), &e);  // |v| = m * 2^e, m in [0.5, 1): leading bit weight 2^(e-1)
  const int lead = std::max(e - 1, f.min_exp);
  const double quantum = std::ldexp(1.0, lead - f.mantissa_bits);
  const double r = std::nearbyint(v / quantum) * quantum;  // default rounding mode: ties to even
  const double max_finite = std::ldexp(2.0 - std::ldexp(1.0, -f.mantissa_bits), f.max_exp);
  if (std::fabs(r) > max_finite) return std::copysign(std::numeric_limits<double>::infinity(), v);
  return r;
}

}  // namespace numeric_detail

namespace {

using numeric_detail::FloatFormat;
using numeric_detail::format_of;

// Bits of the two 16-bit formats without libm: every value of them is a float, so the bits come from the
// float's bits (the runner encodes and decodes every element of every case).
uint32_t bits_of(float x) {
  uint32_t u = 0;
  std::memcpy(&u, &x, 4);
  return u;
}

float float_of(uint32_t u) {
  float x = 0;
  std::memcpy(&x, &u, 4);
  return x;
}

uint16_t pack_half(double r) {  // r: already rounded to f16
  // A normal fp16 value: its bits are the double's sign, rebiased exponent and top ten fraction bits.
  uint64_t d = 0;
  std::memcpy(&d, &r, sizeof d);
  if (const int exponent = static_cast<int>((d >> 52) & 0x7FF) - 1023; exponent >= -14 && exponent <= 15)
    return static_cast<uint16_t>(((d >> 48) & 0x8000) | static_cast<uint64_t>(exponent + 15) << 10 |
                                 ((d >> 42) & 0x3FF));
  const float x = static_cast<float>(r);
  const uint32_t u = bits_of(x);
  const auto sign = static_cast<uint16_t>((u >> 16) & 0x8000);
  if (std::isnan(x)) return sign | 0x7E00;
  if (std::isinf(x)) return sign | 0x7C00;
  const int e = static_cast<int>((u >> 23) & 0xFF) - 127;
  if (x == 0) return sign;
  if (e < -14) return sign | static_cast<uint16_t>(std::fabs(x) * 0x1p24f);  // subnormal: exact multiple
  return sign | static_cast<uint16_t>(((e + 15) << 10) | ((u >> 13) & 0x3FF));
}

double unpack_half(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  const uint32_t exp = (h >> 10) & 0x1F, frac = h & 0x3FFu;
  if (exp != 0 && exp != 0x1F) {  // normal: the double's bits straight from the half's
    const uint64_t d = static_cast<uint64_t>(sign) << 32 | static_cast<uint64_t>(exp - 15 + 1023) << 52 |
                       static_cast<uint64_t>(frac) << 42;
    double value = 0;
    std::memcpy(&value, &d, sizeof value);
    return value;
  }
  if (exp == 0x1F) return float_of(sign | 0x7F800000u | (frac ? 0x400000u : 0u));
  if (exp == 0) return (sign ? -1.0 : 1.0) * static_cast<double>(frac) * 0x1p-24;
  return float_of(sign | ((exp - 15 + 127) << 23) | (frac << 13));
}

uint16_t pack_bf16(double r) {  // r: already rounded to bf16
  const float x = static_cast<float>(r);
  if (std::isnan(x)) return static_cast<uint16_t>(((bits_of(x) >> 16) & 0x8000) | 0x7FC0);
  return static_cast<uint16_t>(bits_of(x) >> 16);
}

double unpack_bf16(uint16_t b) { return float_of(static_cast<uint32_t>(b) << 16); }

template <typename I>
void store_int(double v, void* p) {
  // The cast truncates toward zero (no libm trunc call). A finite value past int64's range stores INT64_MIN, what
  // x86-64's conversion gives for it, narrowed like any other value; a non-finite one stores 0.
  I x = I{0};
  if (std::fabs(v) < 0x1p63)
    x = static_cast<I>(static_cast<int64_t>(v));
  else if (std::isfinite(v))
    x = static_cast<I>(std::numeric_limits<int64_t>::min());
  std::memcpy(p, &x, sizeof x);
}

template <typename I>
double load_int(const void* p) {
  I x;
  std::memcpy(&x, p, sizeof x);
  return static_cast<double>(x);
}

}  // namespace

double round_to_other(DType dt, double v) {
  if (dt == DType::F64) return v;
  return std::isfinite(v) ? std::trunc(v) : 0.0;
}

void encode(DType dt, double v, void* p) {
  const double r = round_to(dt, v);
  switch (dt) {
    case DType::F32: {
      const float x = static_cast<float>(r);  // exact: r is representable
      std::memcpy(p, &x, 4);
      break;
    }
    case DType::F16: {
      const uint16_t b = pack_half(r);  // r is already rounded: f16_bits without rounding twice
      std::memcpy(p, &b, 2);
      break;
    }
    case DType::BF16: {
      const uint16_t b = pack_bf16(r);
      std::memcpy(p, &b, 2);
      break;
    }
    case DType::F64:
      std::memcpy(p, &r, 8);
      break;
    case DType::I8:
      store_int<int8_t>(r, p);
      break;
    case DType::U8:
    case DType::Bool:
      store_int<uint8_t>(r, p);
      break;
    case DType::I16:
      store_int<int16_t>(r, p);
      break;
    case DType::I32:
      store_int<int32_t>(r, p);
      break;
    case DType::I64:
      store_int<int64_t>(r, p);
      break;
    default:
      break;
  }
}

double decode(DType dt, const void* p) {
  switch (dt) {
    case DType::F32: {
      float x;
      std::memcpy(&x, p, 4);
      return x;
    }
    case DType::F16:
    case DType::BF16: {
      uint16_t b;
      std::memcpy(&b, p, 2);
      return dt == DType::F16 ? unpack_half(b) : unpack_bf16(b);
    }
    case DType::F64: {
      double x;
      std::memcpy(&x, p, 8);
      return x;
    }
    case DType::I8:
      return load_int<int8_t>(p);
    case DType::U8:
    case DType::Bool:
      return load_int<uint8_t>(p);
    case DType::I16:
      return load_int<int16_t>(p);
    case DType::I32:
      return load_int<int32_t>(p);
    case DType::I64:
      return load_int<int64_t>(p);
    default:
      return 0;
  }
}

namespace {

// One loop per dtype, so the dtype switch runs once per tensor rather than once per element, and one per layout:
// a dense run (no offsets) is walked directly. `store` writes one element and says whether it reads back as given;
// `eight`, when the dtype has one, encodes eight at a time (exact_chunks.h).
// Eight encoded elements of `Width` bytes from `chunk` to their offsets (a fixed-size copy each: a call to memcpy per
// element cost more than the encoding).
template <size_t Width>
void scatter_eight(const uint8_t* chunk, const int64_t* offsets, uint8_t* base) {
  for (size_t k = 0; k < 8; ++k) std::memcpy(base + offsets[k] * static_cast<int64_t>(Width), chunk + k * Width, Width);
}
void scatter_eight(const uint8_t* chunk, const int64_t* offsets, uint8_t* base, int64_t esize) {
  switch (esize) {
    case 1:
      return scatter_eight<1>(chunk, offsets, base);
    case 2:
      return scatter_eight<2>(chunk, offsets, base);
    case 4:
      return scatter_eight<4>(chunk, offsets, base);
    default:
      return scatter_eight<8>(chunk, offsets, base);
  }
}

template <typename Store>
bool encode_each(const double* values, const int64_t* offsets, size_t n, uint8_t* base, int64_t esize, Store store,
                 EncodeEight eight) {
  bool exact = true;
  size_t i = 0;
  if (eight) {
    uint8_t chunk[64];
    for (; i + 8 <= n; i += 8) {
      uint8_t* out = offsets ? chunk : base + static_cast<int64_t>(i) * esize;
      const EightEncoded done = eight(values + i, out);
      if (done != EightEncoded::Declined) {
        exact &= done == EightEncoded::Exact;
        if (offsets) scatter_eight(chunk, offsets + i, base, esize);
        continue;
      }
      for (size_t k = i; k < i + 8; ++k)
        exact &= store(values[k], base + (offsets ? offsets[k] : static_cast<int64_t>(k)) * esize);
    }
  }
  if (!offsets) {
    for (; i < n; ++i) exact &= store(values[i], base + static_cast<int64_t>(i) * esize);
    return exact;
  }
  for (; i < n; ++i) exact &= store(values[i], base + offsets[i] * esize);
  return exact;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The bits of v in a 16-bit format with `Fraction` fraction bits and exponent bias `Bias` when v is one of its
// normal numbers (what the fill draws), straight from the double's bits; false for anything else (rounding,
// zeros, subnormals, infinities, NaN), which the general path takes.
template <int Fraction, int Bias>
bool exact_normal_bits(double v, uint16_t* bits) {
  uint64_t d = 0;
  std::memcpy(&d, &v, sizeof d);
  const int exponent = static_cast<int>((d >> 52) & 0x7FF) - 1023;
  constexpr int kDropped = 52 - Fraction;
  if (exponent < 1 - Bias || exponent > Bias || (d & ((uint64_t{1} << kDropped) - 1)) != 0) return false;
  *bits = static_cast<uint16_t>(((d >> 48) & 0x8000) | static_cast<uint64_t>(exponent + Bias) << Fraction |
                                ((d >> kDropped) & ((uint64_t{1} << Fraction) - 1)));
  return true;
}

// A 16-bit float dtype's store: a normal number of the format straight from the double's bits, anything else
// rounded. A rounded value other than NaN decodes back to itself, so the rounding says whether v reads back; a NaN
// counts as changed (it reads back as the format's own NaN).
template <int Fraction, int Bias, DType Dt, uint16_t (*Pack)(double)>
bool store_16bit(double v, uint8_t* p) {
  if (uint16_t b = 0; exact_normal_bits<Fraction, Bias>(v, &b)) {
    std::memcpy(p, &b, 2);
    return true;
  }
  const double r = round_to(Dt, v);
  const uint16_t b = Pack(r);
  std::memcpy(p, &b, 2);
  return same_bits(r, v) && r == r;
}

// An integer dtype's store (truncating, as encode's rounding does) and whether the value reads back as given.
template <typename I>
bool store_int_reads_back(double v, uint8_t* p) {
  store_int<I>(v, p);
  return same_bits(load_int<I>(p), v);
}

template <typename Load>
void decode_each(const uint8_t* base, const int64_t* offsets, size_t n, double* values, int64_t esize, Load load,
                 DecodeEight eight = nullptr) {
  if (!offsets) {
    size_t i = 0;
    if (eight)
      for (; i + 8 <= n; i += 8)
        if (!eight(base + static_cast<int64_t>(i) * esize, values + i))
          for (size_t k = i; k < i + 8; ++k) values[k] = load(base + static_cast<int64_t>(k) * esize);
    for (; i < n; ++i) values[i] = load(base + static_cast<int64_t>(i) * esize);
    return;
  }
  size_t i = 0;
  if (eight && esize == 2) {  // fp16 (the one dtype with an eight-at-once decoder): a group gathered, then decoded
    uint8_t group[16];
    for (; i + 8 <= n; i += 8) {
      for (size_t k = 0; k < 8; ++k) std::memcpy(group + 2 * k, base + offsets[i + k] * 2, 2);
      if (!eight(group, values + i))
        for (size_t k = 0; k < 8; ++k) values[i + k] = load(group + 2 * k);
    }
  }
  for (; i < n; ++i) values[i] = load(base + offsets[i] * esize);
}

}  // namespace

bool encode_at(DType dt, const double* values, const int64_t* offsets, size_t n, uint8_t* base) {
  const int64_t esize = dtype_size(dt);
  const EncodeEight eight = encode_eight_for(dt);
  switch (dt) {
    case DType::F32:
      return encode_each(
          values, offsets, n, base, esize,
          [](double v, uint8_t* p) {
            const auto x = static_cast<float>(v);  // the conversion rounds as round_to(F32, v)
            std::memcpy(p, &x, 4);
            return same_bits(x, v);
          },
          eight);
    case DType::F16:
      return encode_each(values, offsets, n, base, esize, store_16bit<10, 15, DType::F16, pack_half>, eight);
    case DType::BF16:
      return encode_each(values, offsets, n, base, esize, store_16bit<7, 127, DType::BF16, pack_bf16>, eight);
    // The index and mask dtypes too: encode's dtype switch per element showed in the campaign's profile (every
    // dtype of the enumeration has its own loop; `default` is only for Undefined).
    case DType::F64:
      return encode_each(
          values, offsets, n, base, esize,
          [](double v, uint8_t* p) {
            std::memcpy(p, &v, 8);
            return true;
          },
          eight);
    case DType::I8:
      return encode_each(values, offsets, n, base, esize, store_int_reads_back<int8_t>, eight);
    case DType::U8:
    case DType::Bool:
      return encode_each(values, offsets, n, base, esize, store_int_reads_back<uint8_t>, eight);
    case DType::I16:
      return encode_each(values, offsets, n, base, esize, store_int_reads_back<int16_t>, eight);
    case DType::I32:
      return encode_each(values, offsets, n, base, esize, store_int_reads_back<int32_t>, eight);
    case DType::I64:
      return encode_each(values, offsets, n, base, esize, store_int_reads_back<int64_t>, eight);
    default:
      return encode_each(
          values, offsets, n, base, esize,
          [dt](double v, uint8_t* p) {
            encode(dt, v, p);
            return same_bits(decode(dt, p), v);
          },
          eight);
  }
}

void decode_at(DType dt, const uint8_t* base, const int64_t* offsets, size_t n, double* values) {
  const int64_t esize = dtype_size(dt);
  switch (dt) {
    case DType::F32:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) {
        float x;
        std::memcpy(&x, p, 4);
        return static_cast<double>(x);
      });
    case DType::F16:
      return decode_each(
          base, offsets, n, values, esize,
          [](const uint8_t* p) {
            uint16_t b;
            std::memcpy(&b, p, 2);
            return unpack_half(b);
          },
          decode_eight_for(dt));
    case DType::BF16:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) {
        uint16_t b;
        std::memcpy(&b, p, 2);
        return unpack_bf16(b);
      });
    case DType::F64:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) {
        double x;
        std::memcpy(&x, p, 8);
        return x;
      });
    case DType::I8:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) { return load_int<int8_t>(p); });
    case DType::U8:
    case DType::Bool:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) { return load_int<uint8_t>(p); });
    case DType::I16:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) { return load_int<int16_t>(p); });
    case DType::I32:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) { return load_int<int32_t>(p); });
    case DType::I64:
      return decode_each(base, offsets, n, values, esize, [](const uint8_t* p) { return load_int<int64_t>(p); });
    default:
      return decode_each(base, offsets, n, values, esize, [dt](const uint8_t* p) { return decode(dt, p); });
  }
}

uint16_t f16_bits(double v) { return pack_half(round_to(DType::F16, v)); }
double f16_value(uint16_t bits) { return unpack_half(bits); }
uint16_t bf16_bits(double v) { return pack_bf16(round_to(DType::BF16, v)); }
double bf16_value(uint16_t bits) { return unpack_bf16(bits); }

double ulp_at(DType dt, double v) {
  const FloatFormat f = format_of(dt);
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  if (biased == 0 || biased == 0x7FF) {  // zero, subnormal, inf, NaN: the general way
    int e = 0;
    std::frexp(std::fabs(v), &e);
    return std::ldexp(1.0, std::max(e - 1, f.min_exp) - f.mantissa_bits);
  }
  // A normal double's leading bit weighs 2^(biased - 1023); the result is a power of two well inside the normal
  // doubles (at least 2^-149), made from its exponent bits.
  const int lead = std::max(biased - 1023, f.min_exp);
  const uint64_t result_bits = static_cast<uint64_t>(lead - f.mantissa_bits + 1023) << 52;
  double r = 0;
  std::memcpy(&r, &result_bits, sizeof r);
  return r;
}

}  // namespace poolcheck
