// No include guard: an annotation meant to be included inside a function body, where `c` and `n`
// are.
TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
         scale_in_header<$tile>(c, n));
