// `@mcptest/core/wire`: the validator with the vendored schemas (about 460 KB of JSON), kept out of the main entry so
// what imports @mcptest/core (the web app above all) does not load them; the types and the mode are in the main entry.
export * from './validate-wire-message';
export * from './validate-wire-transcript';
