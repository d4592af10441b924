"""Ray as a ``concurrent.futures`` executor, for `hartenjagen.bots.simulate.simulate` (``executor="ray"``).

```python
from hartenjagen import variants
from hartenjagen.bots.ray_executor import RayExecutor
from hartenjagen.bots.simulate import simulate

with RayExecutor(num_cpus=2) as ray_pool:  # starts a local Ray, or joins the one running
    result = simulate(variants.STANDARD, ["heuristic", "random", "random", "random"], games=1000,
                      executor=ray_pool)
```

Each task is one Ray task running the function it is given (a function a
worker can import, such as ``simulate``'s ``play_chunk``); its future is the
Ray object's own ``concurrent.futures.Future``. ``simulate(...,
executor="ray")`` makes one for the call (on a Ray already running, or a local
one it shuts down afterwards) and sizes the tasks by the cluster's CPUs, as
its own pool sizes them by its processes. Needs Ray
(``pip install ray``); it is not one of the library's extras.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

from hartenjagen.bots.base import BotError

__all__ = ["RayExecutor"]

T = TypeVar("T")


def _call(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """What a Ray task runs: ``fn`` (shipped by reference, as pickle ships a module's function)."""
    return fn(*args, **kwargs)


class RayExecutor(Executor):
    """Ray tasks as a ``concurrent.futures.Executor``: ``submit(fn, ...)`` runs ``fn`` as a Ray task.

    Joins the Ray that is running (``ray.init`` already called) or the
    cluster at ``address`` (or ``RAY_ADDRESS``); else starts a local one of
    ``num_cpus`` CPUs (all by default). What it started or joined it shuts
    down (disconnects from) on `shutdown`, or at the end of a ``with`` block. A local Ray's workers run at this process's priority plus
    ``worker_niceness`` (0 by default, as a process pool's; ``None``: Ray's own
    +15, which yields to the other work of the same scheduling group). ``remote_options`` are Ray's task options (``num_cpus=1``, ...).
    """

    def __init__(
        self,
        *,
        address: str | None = None,
        num_cpus: int | None = None,
        worker_niceness: int | None = 0,
        **remote_options: Any,
    ) -> None:
        try:
            import ray
        except ImportError as error:
            raise BotError("RayExecutor needs Ray: pip install ray") from error
        self._ray: Any = ray
        self._started = False
        if not ray.is_initialized():
            if address is not None or os.environ.get("RAY_ADDRESS"):
                ray.init(address=address, log_to_driver=False, configure_logging=False)  # joins a cluster
            else:
                niceness = {} if worker_niceness is None else {"worker_niceness": worker_niceness}
                ray.init(
                    num_cpus=num_cpus,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                    _system_config=niceness or None,
                )
            self._started = True
        task = ray.remote(_call)  # made once: a remote function costs an export to the cluster
        self._task: Any = task.options(**remote_options) if remote_options else task

    @property
    def cpus(self) -> int:
        """The CPUs of the Ray cluster (at least 1)."""
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its future."""
        future: Future[T] = self._task.remote(fn, *args, **kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Shut down the Ray this executor started or joined (one running before it keeps running)."""
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False
