package dev.navserver.server.world;

import java.util.Arrays;
import java.util.Collection;

/**
 * The neighbour search of {@link BodySeparation}: two uniform spatial hashes over square cells of side {@link #side}
 * metres, one of the pass's monsters (by index into {@link BodyState}; re-hashed as they move) and one of the
 * players with a position (fixed for the pass). A cell's members are found by walking a bucket's chain and keeping
 * those whose cell coordinates match: several cells may share a bucket. Two bodies closer than {@link #side} are in
 * each other's 3 × 3 block of cells.
 *
 * <p>Arrays grow to the largest crowd seen and are reused: no allocation per tick once grown. Tick thread only.
 */
final class BodyCells {
    /** Side of the cells this pass, metres. */
    double side;
    /** Hash cell of each monster, in cell units. */
    int[] cellX = new int[0];
    int[] cellZ = new int[0];
    /** Next and previous monster in the same bucket, -1 at the ends. */
    int[] nextInCell = new int[0];
    private int[] prevInCell = new int[0];
    /** First monster of each bucket, -1 when empty. */
    int[] head = new int[0];
    private int mask;

    /** Position (metres) and hash cell of each player {@code 0..playerCount-1}. */
    double[] playerX = new double[0];
    double[] playerZ = new double[0];
    int[] playerCellX = new int[0];
    int[] playerCellZ = new int[0];
    /** Next player in the same bucket, -1 at the end. */
    int[] playerNext = new int[0];
    /** First player of each bucket, -1 when empty. */
    int[] playerHead = new int[0];
    private int playerMask;
    /** Players with a position hashed by {@link #indexPlayers}. */
    int playerCount;

    /** Makes room for {@code cap} monsters, a power of two. */
    void grow(int cap) {
        cellX = new int[cap];
        cellZ = new int[cap];
        nextInCell = new int[cap];
        prevInCell = new int[cap];
        head = new int[cap * 2];
        mask = cap * 2 - 1;
    }

    /** Bucket of the monster hash that holds cell ({@code cx}, {@code cz}). */
    int bucket(int cx, int cz) {
        return hash(cx, cz) & mask;
    }

    /** Bucket of the player hash that holds cell ({@code cx}, {@code cz}). */
    int playerBucket(int cx, int cz) {
        return hash(cx, cz) & playerMask;
    }

    private static int hash(int cx, int cz) {
        int h = cx * 0x9E3779B1 ^ cz * 0x85EBCA77;
        return h ^ (h >>> 15);
    }

    /** Hashes monsters {@code 0..n-1} at ({@code xs}, {@code zs}) metres into cells of side {@link #side}. */
    void index(double[] xs, double[] zs, int n) {
        Arrays.fill(head, -1);
        for (int i = 0; i < n; i++) {
            cellX[i] = (int) Math.floor(xs[i] / side);
            cellZ[i] = (int) Math.floor(zs[i] / side);
            link(i);
        }
    }

    private void link(int i) {
        int b = bucket(cellX[i], cellZ[i]);
        int first = head[b];
        nextInCell[i] = first;
        prevInCell[i] = -1;
        if (first >= 0) {
            prevInCell[first] = i;
        }
        head[b] = i;
    }

    private void unlink(int i) {
        int prev = prevInCell[i];
        int next = nextInCell[i];
        if (prev >= 0) {
            nextInCell[prev] = next;
        } else {
            head[bucket(cellX[i], cellZ[i])] = next;
        }
        if (next >= 0) {
            prevInCell[next] = prev;
        }
    }

    /** Re-hashes monster {@code i}, now at ({@code x}, {@code z}) metres, if it left its cell. */
    void rehash(int i, double x, double z) {
        int cx = (int) Math.floor(x / side);
        int cz = (int) Math.floor(z / side);
        if (cx != cellX[i] || cz != cellZ[i]) {
            unlink(i);
            cellX[i] = cx;
            cellZ[i] = cz;
            link(i);
        }
    }

    /** Hashes the players with a position into cells of side {@link #side}; they do not move during the pass. */
    void indexPlayers(Collection<Player> players) {
        int np = players.size();
        if (playerX.length < np || playerHead.length == 0) {
            int cap = Math.max(16, Integer.highestOneBit(Math.max(1, np - 1)) << 1);
            playerX = new double[cap];
            playerZ = new double[cap];
            playerNext = new int[cap];
            playerCellX = new int[cap];
            playerCellZ = new int[cap];
            playerHead = new int[cap * 2];
            playerMask = cap * 2 - 1;
        }
        Arrays.fill(playerHead, -1);
        int k = 0;
        for (Player p : players) {
            if (!p.hasPos) {
                continue;
            }
            playerX[k] = p.x;
            playerZ[k] = p.z;
            playerCellX[k] = (int) Math.floor(p.x / side);
            playerCellZ[k] = (int) Math.floor(p.z / side);
            int b = playerBucket(playerCellX[k], playerCellZ[k]);
            playerNext[k] = playerHead[b];
            playerHead[b] = k;
            k++;
        }
        playerCount = k;
    }
}
