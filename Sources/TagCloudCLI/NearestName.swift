/// The known name a mistyped one was most likely meant to be, for "did you mean …?" hints.
///
///     NearestName.among(["--host", "--port", "--web"], to: "--prot")  // "--port"
///     NearestName.among(["--host", "--port", "--web"], to: "--fast")  // nil: nothing close
///
/// Names are compared without their leading dashes, by the optimal string alignment distance
/// (insertions, deletions, substitutions and swaps of two neighbouring characters each cost 1,
/// so `--prot` is one step from `--port`). A name is suggested only when it is at most a third
/// of its own length away (at least 1): a guess further off would mislead more than it helps.
/// Of equally near names, the first in `candidates` wins.
///
/// - Complexity: O(c · m · n) for c candidates of length m and a name of length n.
enum NearestName {
  static func among(_ candidates: [String], to name: String) -> String? {
    let typed = Array(undashed(name))
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let known = Array(undashed(candidate))
      let distance = alignmentDistance(typed, known)
      guard distance <= max(1, known.count / 3) else { continue }
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.name
  }

  /// " (did you mean 'X'?)" for the nearest of `candidates`, or "" when none is near.
  static func hint(among candidates: [String], to name: String) -> String {
    guard let nearest = among(candidates, to: name) else { return "" }
    return " (did you mean '\(nearest)'?)"
  }

  private static func undashed(_ name: String) -> Substring {
    name.drop { $0 == "-" }
  }

  /// The optimal string alignment distance (restricted Damerau–Levenshtein).
  static func alignmentDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // rows[i][j]: the distance between a's first i and b's first j characters.
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = distance
      }
    }
    return rows[a.count][b.count]
  }
}
