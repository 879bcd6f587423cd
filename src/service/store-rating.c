#include "config.h"

#include "store.h"
#include "store-private.h"
