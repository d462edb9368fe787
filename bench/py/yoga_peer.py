"""Yoga (C++), through its Python binding `poga`: one wrapping flex container of fixed-size
items, the seed's flow rule in CSS terms.

    tree = YogaTree(sizes, spacing=18)
    tree.layout(390)   # the layout call alone: what the harness times
    tree.height()      # the content's height after the last layout

The binding's Yoga has no `gap`, so spacing is the classic margin trick: each item has a right
and bottom margin of `spacing`, and the container is `spacing` wider than the cloud. An item
then fits a row exactly when it would with `gap` (its outer edge, `x + w + spacing`, within
`width + spacing`), so the arrangement is the same. Rounding to the pixel grid is off (point
scale factor 0), so fractional sizes stay exact; Yoga computes in 32-bit floats.
"""

from __future__ import annotations

import math

from poga import libpoga_capi as yoga

NAME = "yoga"


class YogaTree:
    def __init__(self, sizes, spacing: float):
        self._spacing = spacing
        self._config = yoga.YGConfigNew()
        yoga.YGConfigSetPointScaleFactor(self._config, 0.0)
        self._root = yoga.YGNodeNewWithConfig(self._config)
        yoga.YGNodeStyleSetFlexDirection(self._root, yoga.YGFlexDirection.Row)
        yoga.YGNodeStyleSetFlexWrap(self._root, yoga.YGWrap.Wrap)
        yoga.YGNodeStyleSetAlignItems(self._root, yoga.YGAlign.FlexStart)
        yoga.YGNodeStyleSetAlignContent(self._root, yoga.YGAlign.FlexStart)
        for index in range(0, len(sizes), 2):
            child = yoga.YGNodeNewWithConfig(self._config)
            yoga.YGNodeStyleSetWidth(child, sizes[index])
            yoga.YGNodeStyleSetHeight(child, sizes[index + 1])
            yoga.YGNodeStyleSetFlexShrink(child, 0.0)
            yoga.YGNodeStyleSetMargin(child, yoga.YGEdge.Right, spacing)
            yoga.YGNodeStyleSetMargin(child, yoga.YGEdge.Bottom, spacing)
            yoga.YGNodeInsertChild(self._root, child, index // 2)
        self._count = len(sizes) // 2

    def layout(self, width: float) -> None:
        yoga.YGNodeCalculateLayout(
            self._root, width + self._spacing, math.nan, yoga.YGDirection.LTR
        )

    def height(self) -> float:
        # The container's height includes the last row's bottom margin.
        return yoga.YGNodeLayoutGetHeight(self._root) - (self._spacing if self._count else 0)

    def close(self) -> None:
        yoga.YGNodeFreeRecursive(self._root)
        yoga.YGConfigFree(self._config)
