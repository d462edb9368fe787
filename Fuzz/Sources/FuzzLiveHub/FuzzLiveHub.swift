import FuzzSupport
import TagCloudCore
import TagCloudLive
import TagCloudWire

/// libFuzzer entry point for the server's protocol layer, `LiveHub` (sessions, client messages,
/// latest-wins coalescing), driven the way the libwebsockets adapter drives it. The input is a
/// program of operations (see `Operation`); message bodies come from the input itself, so the
/// fuzzer mutates both the JSON a client sends and the order of opens, closes, reads and resumes.
///
/// Invariants checked after every operation:
/// - nothing crashes or traps, whatever the messages;
/// - every frame the hub hands out is a JSON object with a string "type" it documents;
/// - a connection never holds more than `maxQueued` frames (bounded memory per client, even
///   one that never reads);
/// - draining a connection leaves nothing outgoing;
/// - sessions never exceed the configured cap;
/// - a reload of the tag set (a subset of the demo's tags, maybe with one new tag) is served at
///   once, and every live selection is what it was minus the tags no longer served.
///
///     .build/debug/FuzzLiveHub corpus/live-hub -max_total_time=60
@_cdecl("FuzzLiveHub_main")
public func entry(_ argc: CInt, _ argv: Arguments) -> CInt {
  runFuzzer(argc, argv, fuzzLiveHub)
}

/// One execution.
public func fuzzLiveHub(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var program = Program(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
  var configuration = LiveConfiguration.demo
  configuration.maxSessions = 6
  configuration.messageRate = 50
  configuration.messageBurst = 20
  var hub = LiveHub(configuration: configuration, random: SplitMix64(state: 42))
  var open: [ConnectionID] = []
  var tokens: [[UInt8]] = []
  var now = 0.0
  // Control frames (welcome, tags, errors) plus the one pending layout.
  let maxQueued = configuration.maxPendingErrors + 3

  while let code = program.byte() {
    now += Double(code >> 4) * 0.01
    switch Operation(rawValue: code % Operation.count) ?? .open {
    case .open:
      if case .success(let id) = hub.open(now: now) {
        open.append(id)
        if let token = hub.sessionState(of: id)?.token { tokens.append(Array(token.utf8)) }
      }
    case .close:
      guard let index = program.pick(open.count) else { continue }
      hub.close(open.remove(at: index), now: now)
    case .text:
      guard let index = program.pick(open.count) else { continue }
      let message = program.chunk()
      if hub.receive(message, from: open[index], now: now) != nil {
        hub.close(open.remove(at: index), now: now)
      }
    case .binary:
      guard let index = program.pick(open.count) else { continue }
      if hub.receiveBinary(from: open[index], now: now) != nil {
        hub.close(open.remove(at: index), now: now)
      }
    case .resume:
      // A hello naming a session the fuzzer could never guess: one the hub issued.
      guard let index = program.pick(open.count), let token = program.pick(tokens.count) else {
        continue
      }
      let selection = DemoTags.all.prefix(Int(program.byte() ?? 0) % 11).map {
        "\"" + String(decoding: $0.id, as: UTF8.self) + "\""
      }
      let hello =
        #"{"type":"hello","session":""# + String(decoding: tokens[token], as: UTF8.self)
        + #"","selection":["# + selection.joined(separator: ",") + "]}"
      if hub.receive(Array(hello.utf8), from: open[index], now: now) != nil {
        hub.close(open.remove(at: index), now: now)
      }
    case .drain:
      guard let index = program.pick(open.count) else { continue }
      var frames = 0
      while let frame = hub.takeFrame(for: open[index], now: now) {
        checkFrame(frame)
        frames += 1
        check(frames <= maxQueued, "more than \(maxQueued) frames queued for one client")
      }
      check(!hub.hasOutgoing(open[index]), "drained, yet something is outgoing")
    case .expire:
      now += Double(program.byte() ?? 0) * 5
      hub.expire(now: now)
    case .reload:
      // Two bytes: which demo tags stay (ten bits, at least one), whether "Rust" joins, and
      // which of the kept tags start selected.
      let mask = (Int(program.byte() ?? 0) << 8 | Int(program.byte() ?? 0)) | 1
      var tags = DemoTags.all.enumerated().filter { mask >> $0.offset & 1 == 1 }.map {
        LiveTag(title: $0.element.id, tint: $0.element.tintBytes)
      }
      if mask & 0x400 != 0 {
        tags.append(LiveTag(title: Array("Rust".utf8), tint: Array("#FF9F0A".utf8)))
      }
      let selected = tags.indices.filter { (mask >> 11) & (1 << ($0 % 5)) != 0 }
      let before = open.map { hub.sessionState(of: $0)?.selection ?? [] }
      let change = hub.replaceTags(
        with: LiveConfiguration(tags: tags, initialSelection: selected), now: now)
      check(hub.configuration.tags == tags, "the reloaded set is not the one served")
      check(change.liveSessions == open.count, "a reload told a different number of sessions")
      for (id, previous) in zip(open, before) {
        // The selection is what it was, minus the tags no longer served, in the new order.
        let expected = tags.map(\.id).filter { previous.contains($0) }
        check(
          hub.sessionState(of: id)?.selection == expected,
          "a reload changed a selection other than by dropping removed tags")
      }
    }
    hub.forEachWakeup { _ in }
    _ = hub.takeLog()
    check(
      hub.liveSessionCount + hub.detachedSessionCount <= configuration.maxSessions,
      "more sessions than the cap")
    check(hub.liveSessionCount == open.count, "the hub and the adapter disagree")
  }
  // A client that never read: its queue must still be bounded.
  for id in open {
    var frames = 0
    while let frame = hub.takeFrame(for: id, now: now) {
      checkFrame(frame)
      frames += 1
      check(frames <= maxQueued, "more than \(maxQueued) frames queued for one client")
    }
  }
  return 0
}

private enum Operation: UInt8 {
  case open, close, text, binary, resume, drain, expire, reload
  static let count: UInt8 = 8
}

private func checkFrame(_ frame: [UInt8]) {
  let element: JSONElement
  do {
    element = try JSONReader.parse(frame)
  } catch {
    fail("a frame is not valid JSON: \(error)")
  }
  guard case .object(let members) = element.value,
    let type = members.first(where: { $0.key == Array("type".utf8) }),
    case .string(let name) = type.value.value
  else { fail("a frame without a string type") }
  let known = ["welcome", "tags", "layout", "error"].map { Array($0.utf8) }
  check(known.contains(name), "unknown frame type \(String(decoding: name, as: UTF8.self))")
}

/// The fuzz input read front to back; past its end every read gives nil (or empty).
private struct Program {
  var bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func byte() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// An index below `count`, or nil when there is nothing to pick.
  mutating func pick(_ count: Int) -> Int? {
    guard count > 0 else { return nil }
    return Int(byte() ?? 0) % count
  }

  /// A message: a two-byte length, then that many bytes (as many as remain).
  mutating func chunk() -> [UInt8] {
    let length = Int(byte() ?? 0) << 8 | Int(byte() ?? 0)
    let end = min(bytes.count, position + length)
    defer { position = end }
    return Array(bytes[position..<end])
  }
}

/// Seeded, so that session tokens (and so every run) repeat for the same input.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
