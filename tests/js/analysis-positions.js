// The positions the analysis board's tests open (analysis-setup.test.js, analysis-state.test.js).

// The docs' position (docs/serve.md, P): four moves win it, QH R3>F first.
export const P = "butterfly_fKCKDJHJS_bKHKS_l-.-.-.-.-_r-.-.QSQH.-.-";
export const P_WIN = ["QH R3>F", "QS R3>F", "KH B>F", "KS B>F"];
// Fortress deal 3, alternate colours, 2 free cells (butterfly deal 3 --game fortress ... --format line).
export const FORTRESS =
  "fortress_valternate-colours_c2_f-_b-_lAD3D7SQS9S2C.5SAH3HJCKS.QH6C6S5CQC.KHKDJD4SAC.8H4C2H8C6H_r8D8S9C3S9D6D.7D7H5D9HJS.TD4DKCAS5H.TH3C2STSQD.7C2D4HJHTC";
