// Services whose code the landing page must not download (docs/architecture.md, "Lazy loading"):
// App hands the routes an object of the service's shape at once, and the module behind it loads on
// the first call.

/** An interface whose members are all methods returning promises (callables, billing). */
type AsyncMethods<T> = { readonly [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * `T` whose methods import the implementation on first use. `methods` names every method (the
 * record type makes the compiler insist on all of them), so nothing else, `then` included, is
 * ever a property of the stand-in. A failed load is tried again on the next call.
 */
export function onDemand<T extends AsyncMethods<T>>(load: () => Promise<T>, methods: Readonly<Record<keyof T, true>>): T {
  let loading: Promise<T> | null = null;
  const implementation = (): Promise<T> => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const standIn: Record<string, unknown> = {};
  for (const name of Object.keys(methods)) {
    standIn[name] = async (...args: unknown[]) => {
      const loaded = (await implementation()) as unknown as Record<string, ((...a: unknown[]) => Promise<unknown>) | undefined>;
      const method = loaded[name];
      if (method === undefined) throw new Error(`the loaded service has no method ${name}`);
      return method.apply(loaded, args);
    };
  }
  return Object.freeze(standIn) as T;
}
