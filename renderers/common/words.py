"""Every word drawn into an image goes through :func:`word`, so that images can take their words
from the message catalogues in one place later. Today it fills in the parameters of the English
template."""
from __future__ import annotations

from typing import Any


def word(template: str, /, **params: Any) -> str:
    """The text of ``template`` with ``params`` filled in (``word("Round {n}", n=3)``)."""
    return template.format(**params) if params else template
