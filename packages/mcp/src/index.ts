// MCP client sessions, SSRF-safe fetch and the suite executor arrive with the engine issues.
export {};
