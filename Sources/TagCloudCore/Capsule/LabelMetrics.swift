/// A label's text as the page measured it in its own font: the whole label on one line, and
/// optionally each word, so that a label too wide for the container can wrap word by word.
///
///     let label = LabelMetrics(width: 98.5, words: [47, 47], spaceWidth: 4.5)
///
/// When `spaceWidth` is not given it is derived from the others:
/// `(width - words.sum) / (words.count - 1)`, the space the browser put between the words.
public struct LabelMetrics: Equatable, Sendable {
  /// The width of the label set on one line.
  public var width: Double
  /// The width of each word, in order; empty when the page gave none.
  public var words: [Double]
  /// The width of the space between two words.
  public var spaceWidth: Double

  public init(width: Double, words: [Double] = [], spaceWidth: Double? = nil) {
    self.width = width
    self.words = words
    if let spaceWidth {
      self.spaceWidth = spaceWidth
    } else if words.count > 1 {
      var wordsWidth = 0.0
      for word in words { wordsWidth += word }
      self.spaceWidth = max(0, (width - wordsWidth) / Double(words.count - 1))
    } else {
      self.spaceWidth = 0
    }
  }
}
