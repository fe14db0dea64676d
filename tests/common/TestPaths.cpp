// Keeps shardtestsupport a real library even before other helpers land here.
#include "TestPaths.h"
