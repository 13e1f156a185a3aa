# The searcher calls the table's and the share's methods in C (spider/state.pxd).
from patience.solver.spider.state cimport Share, SpiderTable
