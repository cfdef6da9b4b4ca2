/* Switch valgrind's callgrind collection on and off from Python (benchmarks/rl_instructions.py
 * builds it: a C compiler, Python's headers and valgrind's are all it needs). */
#include <Python.h>
#include <valgrind/callgrind.h>

static PyObject *toggle(PyObject *self, PyObject *args) {
    CALLGRIND_TOGGLE_COLLECT;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {{"toggle", toggle, METH_NOARGS, "toggle collection"}, {0}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "cgctl", 0, -1, methods};

PyMODINIT_FUNC PyInit_cgctl(void) { return PyModule_Create(&module); }
