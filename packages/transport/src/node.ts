// `@chayong/transport/node`: what only Node processes use (the server, internal tools, tests).
export { nodeCipherEngine } from "./codec/node-engine.ts";
