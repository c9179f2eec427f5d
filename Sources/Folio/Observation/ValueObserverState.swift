import Dispatch

// The state that a ValueObserver shares between the writer's callbacks,
// its fetches and its cancellation, under its lock. It is a top-level
// type rather than a nested type of the generic `ValueObserver`, so that
// its lock's metadata is static: see `ValueObserver.State`.

/// The shared state of a ``ValueObserver``, protected by its lock.
struct ValueObserverState {
    var isCancelled = false
    var isFailed = false
    var reader: (any DatabaseReader)?
    var writer: (any DatabaseWriter)?
    /// The observed region, nil until the first fetch ends.
    var region: DatabaseRegion?
    /// Whether a fetch is scheduled or runs.
    var isFetching = false
    /// Whether a change happened since the start of the last fetch.
    var needsFetch = false
    /// The regions changed by the commits since the start of the fetch
    /// that computes a new region.
    var changesSinceFetchStart: DatabaseRegion?
    var regionChangedSinceLastCommit = false
    var transactionTouchesRegion = false
    /// Whether a fetch with write access runs on the writer: the
    /// changes it commits do not trigger a fetch.
    var isFetchingInWriter = false
    /// Where fetches run after a commit.
    var fetchMode = ValueObserverFetchMode.scheduled
    /// The commits that wait for the end of the running fetch.
    var fetchWaiters: [DispatchSemaphore] = []
    /// Whether a commit waited for the running fetch until the
    /// timeout: the next commits do not wait until it ends.
    var isLagging = false

    /// Keeps the watch of external commits running, when the writer
    /// observes them (``Configuration/observesExternalChanges``).
    var externalChangeWatch: ExternalChangeWatch?

    var isStopped: Bool { isCancelled || isFailed }
}

/// Where the fetches of a ``ValueObserver`` that follow commits run.
enum ValueObserverFetchMode {
    /// In a later access (a reader that does not write, a fetch with
    /// write access, a writer of another type).
    case scheduled
    /// On the writer connection, right after the commit (a
    /// ``DatabaseQueue``).
    case afterCommit
    /// On a reader of a ``DatabasePool``: a commit that touches the
    /// region waits for the end of the running fetch.
    case concurrent
}
