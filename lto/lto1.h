/* lto1's parts. */
#ifndef XGCC_LTO1_H
#define XGCC_LTO1_H

/* lto1 --list FILE...: print what each input carries for LTO. */
int lto_list(int argc, char **argv);

#endif
