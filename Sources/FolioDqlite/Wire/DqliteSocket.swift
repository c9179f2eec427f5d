#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to one dqlite node, over POSIX sockets.
///
/// Blocking reads and writes, with the request timeout as the socket's
/// receive and send timeouts, and a connect timeout (a non-blocking
/// connect, then `poll`). `TCP_NODELAY` is set: each request is one small
/// write that must leave at once. Used from one thread at a time (its
/// connection's).
final class DqliteSocket {
    private var descriptor: Int32
    let address: String

    /// Connects to `address` ("host:port", IPv4 or a host name).
    init(address: String, connectTimeout: Double, requestTimeout: Double) throws {
        self.address = address
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...])
        else {
            throw DqliteError.connectionFailed("\(address) is not host:port")
        }
        let host = String(address[..<colon])
        var hints = addrinfo()
        hints.ai_family = AF_INET
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var info: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &info)
        guard status == 0, let info else {
            throw DqliteError.connectionFailed("\(address): cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(info) }

        descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, 0)
        guard descriptor >= 0 else {
            throw DqliteError.connectionFailed("\(address): socket: \(Self.lastError())")
        }
        do {
            try Self.connect(descriptor, info.pointee, address: address, timeout: connectTimeout)
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var time = Self.timeval(seconds: requestTimeout)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        } catch {
            _ = closeDescriptor(descriptor)
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the socket (again: no effect).
    func close() {
        if descriptor >= 0 {
            _ = closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    /// Writes all the bytes.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)
            #endif
            let count = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, flags)
            if count < 0 {
                if errno == EINTR { continue }
                throw DqliteError.connectionFailed("\(address): send: \(Self.lastError())")
            }
            offset += count
        }
    }

    /// Reads exactly `count` bytes into `buffer` at `offset`.
    func read(into buffer: UnsafeMutableRawBufferPointer, count: Int) throws {
        var offset = 0
        while offset < count {
            let received = recv(descriptor, buffer.baseAddress! + offset, count - offset, 0)
            if received == 0 {
                throw DqliteError.connectionFailed("\(address): the node closed the connection")
            }
            if received < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw DqliteError.connectionFailed("\(address): no response within the request timeout")
                }
                throw DqliteError.connectionFailed("\(address): recv: \(Self.lastError())")
            }
            offset += received
        }
    }

    private static func connect(
        _ descriptor: Int32, _ info: addrinfo, address: String, timeout: Double) throws
    {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        #if canImport(Darwin)
        let result = Darwin.connect(descriptor, info.ai_addr, info.ai_addrlen)
        #else
        let result = Glibc.connect(descriptor, info.ai_addr, info.ai_addrlen)
        #endif
        if result != 0 {
            guard errno == EINPROGRESS else {
                throw DqliteError.connectionFailed("\(address): connect: \(lastError())")
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, timeout * 1000)))
            if ready == 0 {
                throw DqliteError.connectionFailed("\(address): no connection within \(timeout) s")
            }
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
            if ready < 0 || socketError != 0 {
                throw DqliteError.connectionFailed(
                    "\(address): connect: \(String(cString: strerror(socketError != 0 ? socketError : errno)))")
            }
        }
        _ = fcntl(descriptor, F_SETFL, flags)
    }

    private static func timeval(seconds: Double) -> timeval {
        let whole = Int(seconds)
        #if canImport(Darwin)
        return Darwin.timeval(tv_sec: whole, tv_usec: Int32((seconds - Double(whole)) * 1_000_000))
        #else
        return Glibc.timeval(tv_sec: whole, tv_usec: Int((seconds - Double(whole)) * 1_000_000))
        #endif
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #else
    Glibc.close(descriptor)
    #endif
}
