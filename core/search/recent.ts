/**
 * Stores `value` under `key` as the newest entry of `map`, dropping the
 * oldest once there are more than `max`: a cache of what was used lately.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  const oldest = map.keys().next().value;
  if (map.size > max && oldest !== undefined) map.delete(oldest);
  return value;
}
