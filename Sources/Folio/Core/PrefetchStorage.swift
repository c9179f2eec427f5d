/// The prefetched rows of a row and of its scopes, keyed by scope path,
/// then by association key.
final class PrefetchStorage {
    var rows: [String: [String: [Row]]] = [:]
}
