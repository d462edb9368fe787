import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@testable import TagCloudLive

/// A decoded frame, with lookups by key for the assertions.
struct Frame {
  let element: JSONElement

  init(_ bytes: [UInt8]) throws {
    element = try JSONReader.parse(bytes)
  }

  subscript(_ key: String) -> JSONValue? {
    guard case .object(let members) = element.value else { return nil }
    return members.first { $0.key == Array(key.utf8) }?.value.value
  }

  var type: String? { string("type") }

  func string(_ key: String) -> String? {
    guard case .string(let bytes)? = self[key] else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  func number(_ key: String) -> Double? {
    guard case .number(let value)? = self[key] else { return nil }
    return value
  }

  func strings(_ key: String) -> [String]? {
    guard case .array(let items)? = self[key] else { return nil }
    return items.compactMap {
      if case .string(let bytes) = $0.value { return String(decoding: bytes, as: UTF8.self) }
      return nil
    }
  }

  /// Ids of the layout's selected items.
  var selectedIDs: [String] {
    guard case .array(let items)? = self["items"] else { return [] }
    return items.compactMap { item -> String? in
      guard case .object(let members) = item.value,
        members.contains(where: {
          $0.key == Array("selected".utf8) && $0.value.value == .bool(true)
        }),
        case .string(let id)? = members.first(where: { $0.key == Array("id".utf8) })?.value.value
      else { return nil }
      return String(decoding: id, as: UTF8.self)
    }
  }

  /// The layout's animation as (duration, bounce), nil when null or absent.
  var animation: (duration: Double, bounce: Double)? {
    guard case .object(let members)? = self["animation"] else { return nil }
    func value(_ key: String) -> Double? {
      if case .number(let number)? = members.first(where: { $0.key == Array(key.utf8) })?.value
        .value
      {
        return number
      }
      return nil
    }
    guard let duration = value("duration"), let bounce = value("bounce") else { return nil }
    return (duration, bounce)
  }
}

let demoIDs = [
  "SwiftUI", "Animation", "Layout", "Glass", "Gestures", "Symbols", "Charts", "Navigation",
  "Metal", "Widgets",
]

/// A measure message giving every demo tag an explicit size.
func measureMessage(ids: [String] = demoIDs) -> String {
  let tags = ids.map { #"{"id": "\#($0)", "size": [\#(40 + 7 * $0.count), 40]}"# }
  return #"{"type": "measure", "tags": [\#(tags.joined(separator: ", "))]}"#
}

func viewport(_ width: Double, reduceMotion: Bool = false) -> String {
  #"{"type": "viewport", "width": \#(width), "reduceMotion": \#(reduceMotion)}"#
}

/// A hub over the demo tags with a seeded token generator, and shorthands for the tests.
struct TestHub {
  var hub: LiveHub<SeededGenerator>
  var now = 0.0

  init(configuration: LiveConfiguration = .demo, seed: UInt64 = 1) {
    hub = LiveHub(configuration: configuration, random: SeededGenerator(seed: seed))
  }

  /// Opens a connection and consumes its welcome.
  mutating func connect() throws -> (ConnectionID, Frame) {
    let id = try hub.open(now: now).get()
    guard let bytes = hub.takeFrame(for: id, now: now) else { throw MissingFrame() }
    let welcome = try Frame(bytes)
    return (id, welcome)
  }

  @discardableResult
  mutating func send(_ text: String, from id: ConnectionID) -> CloseInstruction? {
    hub.receive(Array(text.utf8), from: id, now: now)
  }

  mutating func next(for id: ConnectionID) throws -> Frame? {
    guard let bytes = hub.takeFrame(for: id, now: now) else { return nil }
    return try Frame(bytes)
  }

  /// The next frame, which must exist.
  mutating func frame(for id: ConnectionID) throws -> Frame {
    guard let frame = try next(for: id) else { throw MissingFrame() }
    return frame
  }

  /// All frames waiting for the connection.
  mutating func drain(_ id: ConnectionID) throws -> [Frame] {
    var frames: [Frame] = []
    while let frame = try next(for: id) { frames.append(frame) }
    return frames
  }
}

struct MissingFrame: Error {}
