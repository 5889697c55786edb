package dev.skills.spring.ai.usage;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.CatalogSelection;
import dev.skills.spring.ai.tool.SkillInvocation;
import dev.skills.spring.ai.tool.SkillInvocationListener;
import dev.skills.spring.ai.tool.SkillToolDefinitions;
import dev.skills.spring.ai.tool.SkillsTools;
import org.jspecify.annotations.Nullable;

/**
 * How the skills have been used since start: per skill, how often it was activated and
 * when last; and which skills the catalog left out most often in recent requests (ranked
 * relevant, but the budget had no room). Register it as a {@link SkillInvocationListener}
 * and the pin recorder ({@link #pinned}) of the tools, a listener of the
 * {@code SkillCatalog} and of the registry.
 * <p>
 * Memory is bounded: activations are kept only for skills the registry knows (a removed
 * skill is forgotten), and left-out skills for the last {@value #RECENT_REQUESTS}
 * requests, at most {@value #LEFT_OUT_PER_REQUEST} names each.
 */
public final class SkillUsage implements SkillInvocationListener, Consumer<CatalogSelection>, SkillsListener {

	/** How many recent requests the left-out counts cover. */
	public static final int RECENT_REQUESTS = 500;

	/** The most left-out skills remembered of one request, the most relevant first. */
	public static final int LEFT_OUT_PER_REQUEST = 50;

	private final SkillsRegistry registry;

	private final Clock clock;

	private final Instant since;

	private final Map<String, Activations> activations = new ConcurrentHashMap<>();

	// A ring of the left-out names of the last requests.
	private final List<String>[] recent;

	private int next;

	private long requests;

	/**
	 * Track the usage of a registry's skills.
	 * @param registry the skills
	 * @param clock the clock of activation times
	 */
	@SuppressWarnings("unchecked")
	public SkillUsage(SkillsRegistry registry, Clock clock) {
		this.registry = registry;
		this.clock = clock;
		this.since = clock.instant();
		this.recent = new List[RECENT_REQUESTS];
	}

	@Override
	public String after(SkillInvocation invocation, String result, Outcome outcome) {
		// Only an activation that delivered instructions; a made-up name is not kept.
		if (outcome == Outcome.OK && invocation.toolName().equals(SkillToolDefinitions.ACTIVATE_SKILL)) {
			count(invocation.skillName());
		}
		return result;
	}

	/**
	 * Count a session-mode pin as an activation. A pin is not a tool call, so it does not
	 * reach {@link #after}: register this method with
	 * {@link SkillsTools.Builder#pinRecorder}.
	 * @param skill the pinned skill
	 */
	public void pinned(String skill) {
		count(skill);
	}

	private void count(String skill) {
		if (this.registry.contains(skill)) {
			Instant now = this.clock.instant();
			this.activations.compute(skill,
					(name, old) -> (old != null) ? new Activations(old.count() + 1, now) : new Activations(1, now));
		}
	}

	@Override
	public void accept(CatalogSelection selection) {
		List<String> leftOut = selection.leftOutRelevant();
		List<String> kept = (leftOut.size() > LEFT_OUT_PER_REQUEST) ? leftOut.subList(0, LEFT_OUT_PER_REQUEST)
				: leftOut;
		synchronized (this.recent) {
			this.recent[this.next] = List.copyOf(kept);
			this.next = (this.next + 1) % RECENT_REQUESTS;
			this.requests++;
		}
	}

	// By the change's snapshot, not its removed names alone: an activation counted
	// while a skill was being removed goes at the next change.
	@Override
	public void onChange(SkillsChange change) {
		this.activations.keySet().removeIf((name) -> !change.snapshot().contains(name));
	}

	/**
	 * The usage of a snapshot's skills.
	 * @param snapshot the skills to report on
	 * @param limit the most skills of each list
	 * @return the usage
	 */
	public Usage usage(SkillsSnapshot snapshot, int limit) {
		List<Activated> activated = new ArrayList<>();
		List<String> never = new ArrayList<>();
		int neverCount = 0;
		for (SkillMeta meta : snapshot.skills()) {
			Activations skill = this.activations.get(meta.name());
			if (skill != null) {
				activated.add(new Activated(meta.name(), skill.count(), skill.last()));
			}
			else {
				neverCount++;
				if (never.size() < limit) {
					never.add(meta.name());
				}
			}
		}
		activated.sort(Comparator.comparingLong(Activated::count).reversed().thenComparing(Activated::name));
		return new Usage(this.since, activated.subList(0, Math.min(limit, activated.size())), neverCount, never,
				leftOut(snapshot, limit));
	}

	private LeftOut leftOut(SkillsSnapshot snapshot, int limit) {
		Map<String, Integer> counts = new HashMap<>();
		long requests;
		synchronized (this.recent) {
			requests = Math.min(this.requests, RECENT_REQUESTS);
			for (List<String> names : this.recent) {
				if (names != null) {
					names.forEach((name) -> counts.merge(name, 1, Integer::sum));
				}
			}
		}
		List<LeftOutSkill> skills = new ArrayList<>();
		counts.forEach((name, count) -> {
			if (snapshot.contains(name)) {
				skills.add(new LeftOutSkill(name, count));
			}
		});
		skills.sort(Comparator.comparingInt(LeftOutSkill::times).reversed().thenComparing(LeftOutSkill::name));
		return new LeftOut((int) requests, skills.subList(0, Math.min(limit, skills.size())));
	}

	private record Activations(long count, Instant last) {
	}

	/**
	 * The usage of the skills.
	 *
	 * @param since when tracking started
	 * @param activated the activated skills, most activated first
	 * @param neverActivatedCount how many skills were never activated since start
	 * @param neverActivated some of them, in catalog order
	 * @param leftOut the skills the catalog left out most often recently
	 */
	public record Usage(Instant since, List<Activated> activated, int neverActivatedCount, List<String> neverActivated,
			LeftOut leftOut) {
	}

	/**
	 * One activated skill.
	 *
	 * @param name the skill
	 * @param count how often it was activated since start
	 * @param last when last
	 */
	public record Activated(String name, long count, @Nullable Instant last) {
	}

	/**
	 * The skills ranked relevant to recent requests that the catalog had no room for.
	 *
	 * @param requests how many recent requests the counts cover
	 * @param skills the skills left out, most often first
	 */
	public record LeftOut(int requests, List<LeftOutSkill> skills) {
	}

	/**
	 * One skill left out.
	 *
	 * @param name the skill
	 * @param times in how many of the recent requests
	 */
	public record LeftOutSkill(String name, int times) {
	}

}
