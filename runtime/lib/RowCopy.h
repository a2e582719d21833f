// The runtime's copy of rows TMA cannot read in place into 16-byte rows.
#ifndef MINI_RUNTIME_LIB_ROWCOPY_H
#define MINI_RUNTIME_LIB_ROWCOPY_H

#include "mini/runtime/Driver.h"

#include <cstdint>
#include <string>

namespace mini::rt {

/// Copies `rows` rows of `rowBytes` bytes, packed at `source`, into rows of
/// `pitch` bytes (a multiple of 16) at `dest`. A kernel of the runtime's own
/// (PTX, compiled by the driver on first use) reads each warp's row as
/// 2-byte loads and writes it as 16-byte stores: cuMemcpy2DAsync ran such
/// rows (odd lengths, unaligned sources) at about half the 1-D copy's rate
/// (docs/PERF.md, "Unaligned rows through TMA"). Rows whose source is not
/// 2-byte aligned, and drivers that cannot compile the PTX, take
/// cuMemcpy2DAsync. Per context: a LoadedBundle holds one.
class RowCopier {
public:
  RowCopier() = default;
  ~RowCopier();
  RowCopier(const RowCopier &) = delete;
  RowCopier &operator=(const RowCopier &) = delete;

  void copyAsync(CUdeviceptr source, CUdeviceptr dest, uint64_t rows, uint64_t rowBytes,
                 uint64_t pitch, CUstream stream, const std::string &what);

private:
  CUmodule module_ = nullptr;
  CUfunction kernel_ = nullptr;
  bool loaded_ = false; // tried: kernel_ stays null where the driver refused it
};

} // namespace mini::rt

#endif
