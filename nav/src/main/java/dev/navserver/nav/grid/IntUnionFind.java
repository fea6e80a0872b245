package dev.navserver.nav.grid;

/**
 * Union-find over ids {@code 0 .. size() - 1} with path halving and explicit links (the caller picks the root).
 * Not thread-safe.
 */
final class IntUnionFind {
    private final IntList parent = new IntList();

    /** Forgets every id. */
    void clear() {
        parent.clear();
    }

    /** Ids held. */
    int size() {
        return parent.size();
    }

    /** Adds a new id, its own root, and returns it. */
    int add() {
        int id = parent.size();
        parent.add(id);
        return id;
    }

    /** Whether {@code x} is a root. */
    boolean isRoot(int x) {
        return parent.get(x) == x;
    }

    /** The root of {@code x}'s set, halving the path on the way. */
    int find(int x) {
        while (parent.get(x) != x) {
            int gp = parent.get(parent.get(x));
            parent.set(x, gp);
            x = gp;
        }
        return x;
    }

    /** Points root {@code child} at root {@code root}. */
    void link(int child, int root) {
        parent.set(child, root);
    }
}
