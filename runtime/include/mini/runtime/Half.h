// Host-side f16/bf16 <-> f32 conversions (round to nearest even), so the run
// side needs no CUDA headers to make inputs or read outputs.
#ifndef MINI_RUNTIME_HALF_H
#define MINI_RUNTIME_HALF_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace mini::rt {

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

inline uint16_t floatToBf16(float f) {
  uint32_t u = floatBits(f);
  if (std::isnan(f))
    return static_cast<uint16_t>((u >> 16) | 0x40); // keep it a quiet NaN
  u += 0x7FFF + ((u >> 16) & 1);
  return static_cast<uint16_t>(u >> 16);
}
inline float bf16ToFloat(uint16_t h) { return bitsFloat(static_cast<uint32_t>(h) << 16); }

inline uint16_t floatToHalf(float f) {
  uint32_t u = floatBits(f);
  uint32_t sign = (u >> 16) & 0x8000;
  uint32_t absu = u & 0x7FFFFFFF;
  if (absu > 0x7F800000)
    return static_cast<uint16_t>(sign | 0x7E00); // NaN
  if (absu >= 0x477FF000) // rounds to >= 65520: overflow to inf
    return static_cast<uint16_t>(sign | 0x7C00);
  if (absu < 0x38800000) { // subnormal or zero in f16
    float a = bitsFloat(absu);
    // scale to units of 2^-24 and round to nearest even
    float scaled = a * 16777216.0f;
    uint32_t m = static_cast<uint32_t>(std::nearbyint(scaled));
    return static_cast<uint16_t>(sign | m);
  }
  uint32_t rounded = absu + 0xFFF + ((absu >> 13) & 1);
  uint32_t exp = (rounded >> 23) - 127 + 15;
  uint32_t mant = (rounded >> 13) & 0x3FF;
  return static_cast<uint16_t>(sign | (exp << 10) | mant);
}

inline float halfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1F;
  uint32_t mant = h & 0x3FF;
  if (exp == 0) {
    float v = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -v : v;
  }
  if (exp == 31)
    return bitsFloat(sign | 0x7F800000 | (mant << 13));
  return bitsFloat(sign | ((exp - 15 + 127) << 23) | (mant << 13));
}

} // namespace mini::rt

#endif
