/**
 * `load` made to run once per key and page: each key's promise is kept and shared, except a failed one
 * (a file missing beside the script, the network down), which the next call tries again.
 */
export function loadOnce<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const loading = new Map<K, Promise<V>>();
  return (key) => {
    let promise = loading.get(key);
    if (promise === undefined) {
      promise = load(key);
      promise.catch(() => loading.delete(key));
      loading.set(key, promise);
    }
    return promise;
  };
}
