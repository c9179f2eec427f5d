/// The prefetched rows of a row and of its scopes, keyed by scope path,
/// then by association key, both compared byte for byte (association keys
/// that differ only by Unicode normalization are different keys).
final class PrefetchStorage {
    var rows: [ByteExactString: [ByteExactString: [Row]]] = [:]
}
