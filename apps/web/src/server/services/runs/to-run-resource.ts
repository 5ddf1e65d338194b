// The one mapper from run rows to the Run resource lives in core, shared with the worker's webhook payload.
export { type ResultRow, type RunRow, runUrl, toRunListItem, toRunResource } from '@mcptest/core';
