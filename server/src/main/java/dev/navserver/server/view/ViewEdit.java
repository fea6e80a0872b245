package dev.navserver.server.view;

/**
 * One runtime map edit (one rectangle of a {@code map_edit} or admin edit) as the viewer shows it. Immutable.
 *
 * @param col     first column of the edited rectangle
 * @param row     first row
 * @param width   columns, {@code >= 1}
 * @param height  rows, {@code >= 1}
 * @param terrain terrain name written ({@code "wall"}, {@code "open"}, …)
 * @param version map version the edit produced
 * @param time    world time of the edit, seconds
 */
public record ViewEdit(int col, int row, int width, int height, String terrain, long version, double time) {
}
