module {
  func.func @d_n1024(%a: tensor<?x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<?x1024xf16> {
    %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x1024xf16> -> tensor<?x1024xf16>
    return %c : tensor<?x1024xf16>
  }
  func.func @d_n4096(%a: tensor<?x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<?x4096xf16> {
    %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
  func.func @d_n1000_bf16(%a: tensor<?x1000xbf16>, %b: tensor<1000x1000xbf16>) -> tensor<?x1000xbf16> {
    %c = mini.matmul %a, %b : tensor<?x1000xbf16>, tensor<1000x1000xbf16> -> tensor<?x1000xbf16>
    return %c : tensor<?x1000xbf16>
  }
  func.func @d_n4096_k14336(%a: tensor<?x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<?x4096xf16> {
    %c = mini.matmul %a, %b : tensor<?x14336xf16>, tensor<14336x4096xf16> -> tensor<?x4096xf16>
    return %c : tensor<?x4096xf16>
  }
  func.func @d_n11008(%a: tensor<?x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<?x11008xf16> {
    %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
    return %c : tensor<?x11008xf16>
  }
}
