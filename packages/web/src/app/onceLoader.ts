/**
 * A chunk loader shared by everyone who asks for it: loaded once, its value then at hand synchronously (`loaded`,
 * so a render can draw it without waiting); a failure is forgotten, so the next call tries again.
 */
export function onceLoader<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined
  const loader = {
    loaded: undefined as T | undefined,
    load(): Promise<T> {
      loading ??= load().then(
        (value) => {
          loader.loaded = value
          return value
        },
        (err: unknown) => {
          loading = undefined
          throw err
        },
      )
      return loading
    },
  }
  return loader
}
