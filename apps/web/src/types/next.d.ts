// Checked-in equivalent of the generated (gitignored) next-env.d.ts, so `tsc -p apps/web/tsconfig.json` works on a
// fresh clone before any `next dev` or `next build` has run.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
