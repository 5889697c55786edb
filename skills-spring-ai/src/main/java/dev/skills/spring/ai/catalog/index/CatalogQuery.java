package dev.skills.spring.ai.catalog.index;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What the catalog ranks skills by: the latest user message, and the user turns before it
 * at lower weight, so that a follow-up turn ("yes, do that for all of them") still finds
 * the skill the conversation is about. Bounded: the first {@value #MAX_LATEST_CHARS}
 * characters of the latest message, and at most {@value #MAX_EARLIER_TURNS} earlier turns
 * of at most {@value #MAX_EARLIER_CHARS} characters each are kept, so a long pasted
 * message never makes a ranking slow.
 *
 * @param latest the latest user message, empty when there is none
 * @param earlier the user turns before it, the most recent first
 */
public record CatalogQuery(String latest, List<String> earlier) {

	/** The most characters of the latest message that count. */
	public static final int MAX_LATEST_CHARS = 4000;

	/** The most user turns before the latest one that count. */
	public static final int MAX_EARLIER_TURNS = 3;

	/** The most characters of one earlier turn that count. */
	public static final int MAX_EARLIER_CHARS = 1000;

	// The weight of the turn just before the latest (which weighs 1); each older turn
	// weighs this much less again.
	private static final float EARLIER_WEIGHT = 0.5f;

	public CatalogQuery {
		latest = bounded(latest, MAX_LATEST_CHARS);
		List<String> kept = new ArrayList<>(Math.min(earlier.size(), MAX_EARLIER_TURNS));
		for (String turn : earlier) {
			if (kept.size() == MAX_EARLIER_TURNS) {
				break;
			}
			if (turn != null && !turn.isBlank()) {
				kept.add(bounded(turn, MAX_EARLIER_CHARS));
			}
		}
		earlier = List.copyOf(kept);
	}

	/**
	 * A query of one message, such as a {@code search_skills} query.
	 * @param text the message, or {@code null}
	 * @return the query
	 */
	public static CatalogQuery of(@Nullable String text) {
		return new CatalogQuery((text != null) ? text : "", List.of());
	}

	/**
	 * Whether there is nothing to rank by.
	 * @return {@code true} when every turn is blank
	 */
	public boolean isBlank() {
		return this.latest.isBlank() && this.earlier.isEmpty();
	}

	/**
	 * The weight of an earlier turn.
	 * @param index its position in {@link #earlier()}, 0 for the most recent
	 * @return a weight below that of the latest message, which is 1
	 */
	public static float weightOfEarlier(int index) {
		return (float) (EARLIER_WEIGHT * Math.pow(EARLIER_WEIGHT, index));
	}

	private static String bounded(String text, int max) {
		return (text.length() > max) ? text.substring(0, max) : text;
	}

}
