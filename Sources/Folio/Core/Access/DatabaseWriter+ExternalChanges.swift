// The writers whose observations hear the commits of other connections
// (see ExternalChangeWatcher.swift).

extension DatabasePool: ExternalChangeWatching {
    func retainExternalChangeWatch() -> ExternalChangeWatch? {
        externalChangeWatcher?.retain()
    }
}

extension DatabaseQueue: ExternalChangeWatching {
    func retainExternalChangeWatch() -> ExternalChangeWatch? {
        externalChangeWatcher?.retain()
    }
}

extension AnyDatabaseWriter: ExternalChangeWatching {
    func retainExternalChangeWatch() -> ExternalChangeWatch? {
        (base as? any ExternalChangeWatching)?.retainExternalChangeWatch()
    }
}
