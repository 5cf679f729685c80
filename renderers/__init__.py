"""View -> PNG bytes (Pillow). Knows games' views, never Discord or the store.

Each game's package (``renderers/<game>/``) holds a :class:`renderers.contract.Renderer`,
exported as ``RENDERER`` from its ``__init__.py`` and listed under the game's name in
renderers/registry.py. Its files mean the same in every package that has them:

* ``__init__.py``: the renderer, the turn image and the regions ``/board`` shows;
* ``parts.py``: the turn image as parts kept across turns (renderers.common.layers);
* ``board.py``: the board itself (Carcassonne's squares, Keyflower's players' table and auction,
  Stone Age's locations; Keyflower's header is in ``header.py``);
* ``palette.py``: the colours drawn with; ``palettes.py``: the pictures' PNG palettes (games
  that keep theirs beside the renderer define ``PALETTES`` in ``__init__.py``);
* ``draw.py``: drawing primitives (a canvas, chips, figures); ``text.py``: drawn text kept as
  sprites; ``words.py``: the words drawn, from the picture words catalogue.

Shared helpers are in renderers/common (fonts, player colours, palettes, text fitting,
the picture words catalogue).
"""
