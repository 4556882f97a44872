/**
 * A function of an object, computed once per object: a transcript's sentences are analysed once
 * and then read by every tag of every bot that runs over it (five demo bots ask the same sentence
 * for its clauses, times and words dozens of times). Entries go with the object.
 */
export function oncePer<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const results = new WeakMap<K, V>();
  return (key) => {
    let value = results.get(key);
    if (value === undefined && !results.has(key)) {
      value = compute(key);
      results.set(key, value);
    }
    return value as V;
  };
}
