// Preloaded into a host's Node.js process (`node --require`): every server it starts listens on
// 127.0.0.1 only, whatever address the host asks for.
const net = require("node:net");
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === "object" && args[0] !== null && !Array.isArray(args[0])) {
    args[0] = { ...args[0], host: "127.0.0.1" };
  } else if (typeof args[0] === "number" || typeof args[0] === "string") {
    const [port, ...rest] = args;
    const callback = rest.find((arg) => typeof arg === "function");
    const backlog = rest.find((arg) => typeof arg === "number");
    return listen.call(
      this,
      port,
      "127.0.0.1",
      ...(backlog === undefined ? [] : [backlog]),
      ...(callback ? [callback] : []),
    );
  }
  return listen.apply(this, args);
};
