import Foundation

/// Frees the nodes of deep trees (expressions nested 200,000 deep, chains
/// of subqueries, common table expressions or associations) without
/// recursing as deep as the tree.
///
/// Swift frees a value by releasing its children from the deinitializer
/// of its box, so freeing a tree recurses once per level, and a deep
/// enough tree exhausts the stack of the thread. The boxes of the nodes
/// that make trees (`SQLExpression`'s node, `SQLSubquery`'s query, an
/// association's relation) call ``release(_:replacingWith:)`` from their
/// `deinit`: it frees the children of the node in place while this
/// thread is less than ``maximumNesting`` nodes deep into freeing; deeper,
/// it keeps them in a list of the thread, which the outermost node frees
/// one by one when its own children are freed. Whatever the shape of the
/// tree, at most ``maximumNesting`` nodes are being freed at once on a
/// thread.
enum DeepTreeRelease {
    /// How many nodes of trees may be freed inside each other on a thread
    /// before their children wait in the list.
    static let maximumNesting = 64

    /// The state of a thread: how deep it is into freeing nodes, and the
    /// children that wait.
    private final class ThreadState {
        var nesting = 0
        var pending: [Any] = []
    }

    /// The key of the thread's state: a thread that frees a tree node
    /// gets one, released with the thread.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { Unmanaged<AnyObject>.fromOpaque($0).release() }
        #else
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        #endif
        return key
    }()

    private static var threadState: ThreadState {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
        }
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Frees the children of a node being deinitialized, by replacing its
    /// content with `empty`, a childless value; or keeps them for later,
    /// when the thread is already ``maximumNesting`` nodes deep.
    ///
    /// - Parameters:
    ///   - content: The content of the node (its stored property).
    ///   - empty: A value without children.
    static func release<Content>(_ content: inout Content, replacingWith empty: Content) {
        let state = threadState
        if state.nesting >= maximumNesting {
            // The list keeps the children alive: replacing the content
            // only releases the node's references to them.
            state.pending.append(content)
            content = empty
            return
        }
        state.nesting += 1
        content = empty
        if state.nesting == 1 {
            // The outermost node frees what waits, one at a time; each
            // may add more, which the loop frees too.
            while var next = state.pending.popLast() {
                next = ()
                _ = next
            }
        }
        state.nesting -= 1
    }
}
