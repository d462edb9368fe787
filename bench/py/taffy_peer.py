"""Taffy (Rust), through its Python binding `stretchable`: one wrapping flex container of
fixed-size items, the seed's flow rule in CSS terms.

    tree = TaffyTree(sizes, spacing=18)
    tree.layout(390)   # the layout call alone: what the harness times
    tree.height()      # the container's height after the last layout

The tree is built once through the binding's low-level calls (its `Node.add` is quadratic in the
number of children); `layout` is one `node_compute_layout` call, nothing converted back to
Python. Taffy keeps no cache of the root between calls here, so each call lays out in full.
"""

from __future__ import annotations

from stretchable import taffylib
from stretchable.context import taffy
from stretchable.style import PT, AlignContent, AlignItems, FlexWrap, Size, Style
from stretchable.style.geometry.size import SizeAvailableSpace

NAME = "taffy"


class TaffyTree:
    def __init__(self, sizes, spacing: float):
        taffy.use_rounding = False  # exact fractional positions, like the core
        container = Style(
            flex_wrap=FlexWrap.WRAP,
            gap=spacing * PT,
            align_items=AlignItems.START,
            align_content=AlignContent.START,
        )
        self._pointer = taffy._ptr
        self._root = taffylib.node_create(self._pointer, container.to_dict())
        template = Style(size=Size(1 * PT, 1 * PT), flex_shrink=0).to_dict()
        self._children = []
        for index in range(0, len(sizes), 2):
            style = dict(template)
            style["size"] = {
                "width": {"dim": 1, "value": sizes[index]},
                "height": {"dim": 1, "value": sizes[index + 1]},
            }
            child = taffylib.node_create(self._pointer, style)
            taffylib.node_add_child(self._pointer, self._root, child)
            self._children.append(child)
        self._spaces = {}
        self._layout = taffylib.PyLayout()

    def layout(self, width: float) -> None:
        space = self._spaces.get(width)
        if space is None:
            space = self._spaces[width] = SizeAvailableSpace(width, float("inf")).to_dict()
        taffylib.node_compute_layout(self._pointer, self._root, space)

    def height(self) -> float:
        taffylib.node_get_layout(self._pointer, self._root, self._layout)
        return self._layout.height

    def close(self) -> None:
        # Dropping nodes one by one is quadratic (each removal searches its parent's children);
        # the harness holds one tree at a time, so clear the whole Taffy instance.
        taffylib.node_drop_all(self._pointer)
        self._children = []
