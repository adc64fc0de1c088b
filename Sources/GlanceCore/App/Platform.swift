#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The one place glance calls the C library by platform: the calls whose Swift names are shadowed
// by methods, the write loop every writer uses, and memory for large buffers.

func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

// The C library's names, reachable from methods that shadow them.
@inline(__always) func systemClose(_ descriptor: Int32) -> Int32 {
  #if canImport(Darwin)
    Darwin.close(descriptor)
  #elseif canImport(Musl)
    Musl.close(descriptor)
  #else
    Glibc.close(descriptor)
  #endif
}

@inline(__always) func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
    Darwin.write(descriptor, pointer, count)
  #elseif canImport(Musl)
    Musl.write(descriptor, pointer, count)
  #else
    Glibc.write(descriptor, pointer, count)
  #endif
}

@inline(__always) func systemRename(_ from: String, _ to: String) -> Int32 {
  #if canImport(Darwin)
    Darwin.rename(from, to)
  #elseif canImport(Musl)
    Musl.rename(from, to)
  #else
    Glibc.rename(from, to)
  #endif
}

@inline(__always) func systemLink(_ existing: String, _ new: String) -> Int32 {
  #if canImport(Darwin)
    Darwin.link(existing, new)
  #elseif canImport(Musl)
    Musl.link(existing, new)
  #else
    Glibc.link(existing, new)
  #endif
}

/// Writes all of `buffer` to `descriptor`, retrying after a signal; the `errno` of a failure.
func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
  guard let base = buffer.baseAddress else { return nil }
  var offset = 0
  while offset < buffer.count {
    let written = systemWrite(descriptor, base + offset, buffer.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}

/// Memory for a buffer; a large one comes straight from the kernel with a hint to back it with
/// huge pages (thousands fewer page faults for a 25 MB file).
enum LargeMemory {
  /// Buffers at least this large are mapped.
  static let mappingThreshold = 4 << 20

  static func allocate(_ capacity: Int) -> (base: UnsafeMutablePointer<UInt8>, mapped: Bool) {
    let memory = allocate(capacity, room: capacity)
    return (memory.base, memory.mapped)
  }

  /// At least `capacity` bytes; a mapped buffer takes `room` if the kernel lends that much
  /// address space. Only the pages written become memory, so a buffer with room never has to
  /// grow by copying, which holds the old and the new buffer at once.
  /// `always` maps even a small buffer: its memory goes back to the system when freed, where
  /// malloc may keep it.
  static func allocate(_ capacity: Int, room: Int, hugePages: Bool = true, always: Bool = false) -> (
    base: UnsafeMutablePointer<UInt8>, mapped: Bool, capacity: Int
  ) {
    #if os(Linux)
      if capacity >= mappingThreshold || always {
        for size in room > capacity ? [room, capacity] : [capacity] {
          guard
            let memory = mmap(
              nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
            memory != MAP_FAILED
          else { continue }
          if hugePages { _ = madvise(memory, size, 14) }  // MADV_HUGEPAGE
          return (memory.assumingMemoryBound(to: UInt8.self), true, size)
        }
      }
    #endif
    return (UnsafeMutablePointer<UInt8>.allocate(capacity: capacity), false, capacity)
  }

  static func free(_ base: UnsafeMutablePointer<UInt8>, capacity: Int, mapped: Bool) {
    if mapped {
      munmap(base, capacity)
    } else {
      base.deallocate()
    }
  }
}

extension Array where Element == UInt8 {
  /// True when `needle` occurs in these bytes. Horspool's search: the window moves by how far the
  /// byte under its end is from the needle's end, so a 36-byte id is looked for in a 64 KB backup
  /// tail of ids and quotes in a few thousand steps (a memchr for its first byte stopped at
  /// every hex digit: a million instructions a save).
  func containsBytes(_ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= count else { return false }
    return withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { wanted in
        let last = wanted.count - 1
        var shift = [Int](repeating: wanted.count, count: 256)
        for index in 0..<last { shift[Int(wanted[index])] = last - index }
        var start = 0
        while start + last < haystack.count {
          let end = haystack[start + last]
          if end == wanted[last] {
            var index = last - 1
            while index >= 0, haystack[start + index] == wanted[index] { index -= 1 }
            if index < 0 { return true }
          }
          start += shift[Int(end)]
        }
        return false
      }
    }
  }
}
