/**
 * A graceful stop under `deno serve` (and Deno Deploy). The runtime stops its server on the first
 * SIGTERM or SIGINT, and that stop fails every request whose body is still arriving (it is
 * answered 500). This holds the runtime's stop until the requests in progress are answered, or
 * the grace period has passed, and then lets it run.
 *
 * The runtime registers its stop with `Deno.addSignalListener` once the main module has loaded;
 * the registrations made after {@link holdServeStop} are held. Should a runtime register its
 * stop another way, nothing is held and the runtime's own stop runs as before.
 * @module
 */

type Listener = () => void;

/**
 * Holds the stops registered from now on until the requests in progress are answered, or for
 * `graceMs` at most. Returns `track`, which counts a request as in progress while its answer is
 * made.
 */
export function holdServeStop(
  graceMs: number,
): (answer: () => Response | Promise<Response>) => Promise<Response> {
  let inProgress = 0;
  let held: Listener[] = [];
  const release = () => {
    const stops = held;
    held = [];
    for (const stop of stops) stop();
  };
  const wrappers = new Map<Listener, Listener>();
  const add = Deno.addSignalListener;
  const remove = Deno.removeSignalListener;
  Deno.addSignalListener = (signal, stop) => {
    const wrapper = () => {
      if (inProgress === 0) return stop();
      if (held.length === 0) Deno.unrefTimer(setTimeout(release, graceMs));
      held.push(stop);
    };
    wrappers.set(stop, wrapper);
    add(signal, wrapper);
  };
  Deno.removeSignalListener = (signal, stop) => remove(signal, wrappers.get(stop) ?? stop);
  return async (answer) => {
    inProgress++;
    try {
      return await answer();
    } finally {
      inProgress--;
      if (inProgress === 0) release();
    }
  };
}
