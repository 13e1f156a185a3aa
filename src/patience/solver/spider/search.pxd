# The searcher calls the table's and the share's methods in C (spider/state.pxd), and the
# kernel's frontier and best-first orders (kernel/search.pxd) and its table of hashes met
# (kernel/state.pxd).
from patience.solver.kernel cimport search as kernel
from patience.solver.kernel.state cimport Met
from patience.solver.spider.state cimport Share, SpiderTable
