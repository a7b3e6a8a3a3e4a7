#!/usr/bin/env python3
"""The house rules of docs/architecture.md, checked on the source tree:
which folder may include which (dependencies point one way), no file over
600 lines, no function over about 80 lines. Prints every breach; exits 1
if there is one."""
import re
import subprocess
import sys

# Folder -> the folders its files may include. A folder may always include itself.
RULES = 'chaturanga chaturaji'.split()
ALLOWED = {
    'core': set(),
    'chaturanga': {'core'},
    'chaturaji': {'core'},
    'search': {'core'},
    'search/chaturanga': {'core', 'chaturanga', 'search'},
    'search/chaturaji': {'core', 'chaturaji', 'search'},
    'engine': {'core', *RULES, 'search', 'search/chaturanga', 'search/chaturaji'},
    'tune': {'core', *RULES, 'search', 'search/chaturanga', 'search/chaturaji', 'engine'},
    'uci': {'core', *RULES, 'search', 'engine'},
    'server': {'core', *RULES, 'search', 'engine'},
    'cli': {'core', *RULES, 'search', 'search/chaturaji', 'engine', 'tune'},
}
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 85  # "about 80"

def folder_of(path):
    parts = path.split('/')[1:-1]  # drop src/ and the file name
    if len(parts) >= 2 and parts[0] == 'search':
        return 'search/' + parts[1]
    return parts[0] if parts else ''

def include_folder(target):
    parts = target.split('/')[:-1]
    if len(parts) >= 2 and parts[0] == 'search':
        return 'search/' + parts[1]
    return parts[0] if parts else ''

def long_functions(lines):
    """(first line, length, header) of function bodies longer than the limit: a crude brace
    counter that takes a line ending in '{' after a ')' as a function header."""
    depth, start, start_depth, header = 0, None, 0, ''
    control = re.compile(r'\s*(if|for|while|switch|else|do|namespace|struct|class|enum|try|catch|case)\b')
    for i, line in enumerate(lines):
        code = re.sub(r"'(\\.|[^'\\])'", "''", re.sub(r'"(\\.|[^"\\])*"', '""', re.sub(r'//.*', '', line)))
        if (start is None and code.rstrip().endswith('{') and not control.match(code)
                and re.search(r'\)\s*(const)?\s*(override)?\s*(noexcept)?\s*(->\s*[\w:<>]+\s*)?\{$', code.rstrip())
                and not re.search(r'\]\s*(\(.*\))?\s*(mutable\s*)?\{$', code.rstrip())):
            start, start_depth, header = i, depth, code.strip()
        depth += code.count('{') - code.count('}')
        if start is not None and depth <= start_depth:
            if i - start + 1 > MAX_FUNCTION_LINES:
                yield start + 1, i - start + 1, header[:80]
            start = None

def main():
    files = subprocess.run(['git', 'ls-files', 'src/*.h', 'src/*.cpp', 'src/*.inc'],
                           capture_output=True, text=True, check=True).stdout.split()
    breaches = []
    for path in files:
        lines = open(path, encoding='utf-8').read().split('\n')
        if len(lines) > MAX_FILE_LINES:
            breaches.append(f'{path}: {len(lines)} lines (at most {MAX_FILE_LINES})')
        folder = folder_of(path)
        if folder in ALLOWED:
            allowed = ALLOWED[folder] | {folder}
            for n, line in enumerate(lines, 1):
                m = re.match(r'\s*#include "([^"]+)"', line)
                if not m:
                    continue
                target = include_folder(m.group(1))
                if target and target not in allowed:
                    breaches.append(f'{path}:{n}: {folder}/ may not include {m.group(1)}')
        for first, length, header in long_functions(lines):
            breaches.append(f'{path}:{first}: a function of {length} lines (about 80 at most): {header}')
    for b in breaches:
        print(b)
    print(f'structure: {len(files)} files, {len(breaches)} breaches')
    return 1 if breaches else 0

if __name__ == '__main__':
    sys.exit(main())
