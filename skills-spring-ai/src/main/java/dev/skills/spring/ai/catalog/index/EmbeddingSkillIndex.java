package dev.skills.spring.ai.catalog.index;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * A {@link SkillRetriever} that ranks skills by meaning: the cosine similarity of a
 * request's embedding to each skill's (its name, description, {@code when_to_use},
 * triggers and tags), computed by a Spring AI {@link EmbeddingModel}. It finds skills a
 * request shares no word with ("summarise my pager week for whoever takes over" finds
 * {@code on-call-handover}); {@link FusedSkillRetriever} combines it with the
 * {@link KeywordSkillIndex}.
 * <p>
 * A {@link SkillIndexUpdater} feeds it. Skills are embedded in batches by the one thread
 * of the index's own, never by a request: a refused batch is retried a minute later, and
 * a model that takes seconds never holds back the feed (a removed skill leaves at once).
 * Skills are embedded again when a reload changes them; until then a skill is not ranked
 * here. Each ranking makes one embedding call for the request (its turns as one text);
 * when that call fails the index answers nothing and the request goes on with the other
 * retrievers.
 */
public final class EmbeddingSkillIndex implements SkillIndex, AutoCloseable {

	/** How many skills one embedding call carries at most. */
	static final int BATCH = 64;

	// The most of a skill's text that is embedded: longer texts gain little and cost
	// more. Bounded and never empty (it starts with the name), a text stays far below
	// any model's input limit, so one skill cannot make its whole batch fail: a failed
	// batch is the model's, retried whole.
	static final int MAX_SKILL_CHARS = 2000;

	private static final Duration RETRY = Duration.ofMinutes(1);

	private static final Log logger = LogFactory.getLog(EmbeddingSkillIndex.class);

	private static final AtomicInteger INDEXES = new AtomicInteger();

	private final EmbeddingModel model;

	private final Duration retry;

	private final IndexThread thread = new IndexThread("skills-embedding-index-" + INDEXES.incrementAndGet());

	// Skill name to unit vector; replaced whole, never changed, so a search reads one.
	private volatile Map<String, float[]> vectors = Map.of();

	// The newest snapshot fed: what a batch embeds and keeps.
	private volatile @Nullable SkillsSnapshot latest;

	private volatile boolean failing;

	/**
	 * An empty index over a model; a batch the model refuses is retried a minute later.
	 * @param model the embedding model
	 */
	public EmbeddingSkillIndex(EmbeddingModel model) {
		this(model, RETRY);
	}

	EmbeddingSkillIndex(EmbeddingModel model, Duration retry) {
		this.model = model;
		this.retry = retry;
	}

	/**
	 * Drop the removed skills at once and embed the others in the background.
	 */
	@Override
	public void update(SkillsSnapshot snapshot, Set<String> names) {
		this.latest = snapshot;
		List<String> gone = names.stream().filter((name) -> !snapshot.contains(name)).toList();
		if (!gone.isEmpty()) {
			update((next) -> gone.forEach(next::remove));
		}
		embedSoon(names.stream().filter(snapshot::contains).sorted().toList());
	}

	@Override
	public List<String> retrieve(String text, int limit) {
		return retrieve(CatalogQuery.of(text), limit);
	}

	/**
	 * The skills closest in meaning to a conversation: its turns are embedded together as
	 * one text, the latest message first.
	 */
	@Override
	public List<String> retrieve(CatalogQuery query, int limit) {
		Map<String, float[]> vectors = this.vectors;
		if (query.isBlank() || limit <= 0 || vectors.isEmpty()) {
			return List.of();
		}
		float[] wanted = queryVector(query);
		return (wanted != null) ? closest(vectors, wanted, limit) : List.of();
	}

	/**
	 * Wait until the skills the index has been given so far are embedded (for tests and
	 * measurements; requests never wait).
	 * @param timeout how long to wait at most
	 * @return {@code true} when they are
	 */
	public boolean awaitEmbeddings(Duration timeout) {
		return this.thread.await(timeout);
	}

	String threadName() {
		return this.thread.name();
	}

	/**
	 * End the embedding thread.
	 */
	@Override
	public void close() {
		this.thread.close();
	}

	private void embedSoon(List<String> all) {
		for (int from = 0; from < all.size(); from += BATCH) {
			List<String> batch = all.subList(from, Math.min(all.size(), from + BATCH));
			this.thread.run(() -> embed(batch));
		}
	}

	// From the newest snapshot fed: a skill changed again meanwhile is embedded as it is
	// now, and one removed meanwhile is not embedded at all.
	private void embed(List<String> names) {
		SkillsSnapshot snapshot = this.latest;
		if (snapshot == null) {
			return;
		}
		List<String> embedded = new ArrayList<>(names.size());
		List<String> texts = new ArrayList<>(names.size());
		for (String name : names) {
			snapshot.get(name).ifPresent((meta) -> {
				embedded.add(name);
				texts.add(text(meta));
			});
		}
		if (texts.isEmpty()) {
			return;
		}
		List<float[]> result;
		try {
			result = this.model.embed(texts);
		}
		catch (RuntimeException ex) {
			logger.warn("The embedding model failed for " + texts.size() + " skills, retried in "
					+ this.retry.toMillis() + " ms; until then they are ranked by keywords alone: " + ex.getMessage());
			this.thread.runLater(() -> embed(names), this.retry);
			return;
		}
		update((next) -> {
			for (int i = 0; i < embedded.size() && i < result.size(); i++) {
				float[] unit = unit(result.get(i));
				if (unit != null && this.latest.contains(embedded.get(i))) {
					next.put(embedded.get(i), unit);
				}
			}
		});
	}

	// Under the lock: a batch keeps only the skills that the newest snapshot holds.
	private synchronized void update(Consumer<Map<String, float[]>> change) {
		Map<String, float[]> next = new HashMap<>(this.vectors);
		change.accept(next);
		this.vectors = Map.copyOf(next);
	}

	// The conversation as one text, the latest message first: the model reads a follow-up
	// ("now do the same for the backend") in the light of the turns before it. (Summing
	// the turns' vectors at the keyword index's weights listed the needed skill for fewer
	// follow-up pairs of the evaluation set: 52 of 58 against 55.)
	private float @Nullable [] queryVector(CatalogQuery query) {
		StringBuilder text = new StringBuilder(query.latest());
		query.earlier().forEach((turn) -> text.append("\n\n").append(turn));
		float[] embedded;
		try {
			embedded = this.model.embed(text.toString().strip());
			if (this.failing) {
				this.failing = false;
				logger.info("The embedding model answers again: requests are ranked by meaning again");
			}
		}
		catch (RuntimeException ex) {
			// Once per outage: a failing model must not flood the log at every request.
			if (!this.failing) {
				this.failing = true;
				logger.warn("The embedding model failed; requests are ranked by keywords alone until it answers: "
						+ ex.getMessage());
			}
			return null;
		}
		return unit(embedded);
	}

	private static List<String> closest(Map<String, float[]> vectors, float[] wanted, int limit) {
		PriorityQueue<Map.Entry<String, Float>> best = new PriorityQueue<>(Map.Entry.comparingByValue());
		vectors.forEach((name, vector) -> {
			if (vector.length == wanted.length) {
				float similarity = dot(vector, wanted);
				if (best.size() < limit) {
					best.add(Map.entry(name, similarity));
				}
				else if (similarity > best.peek().getValue()) {
					best.poll();
					best.add(Map.entry(name, similarity));
				}
			}
		});
		List<String> names = new ArrayList<>(best.size());
		while (!best.isEmpty()) {
			names.add(best.poll().getKey());
		}
		Collections.reverse(names);
		return names;
	}

	private static float dot(float[] a, float[] b) {
		float sum = 0;
		for (int i = 0; i < a.length; i++) {
			sum += a[i] * b[i];
		}
		return sum;
	}

	// Null for an empty or zero vector, which ranks nothing.
	private static float @Nullable [] unit(float[] vector) {
		double norm = Math.sqrt(dot(vector, vector));
		if (vector.length == 0 || norm == 0 || Double.isNaN(norm)) {
			return null;
		}
		float[] unit = new float[vector.length];
		for (int i = 0; i < vector.length; i++) {
			unit[i] = (float) (vector[i] / norm);
		}
		return unit;
	}

	static String text(SkillMeta meta) {
		StringBuilder text = new StringBuilder(meta.name().replace('-', ' ').replace('_', ' '));
		text.append(": ").append(meta.description());
		if (meta.whenToUse() != null) {
			text.append('\n').append(meta.whenToUse());
		}
		if (!meta.triggers().isEmpty()) {
			text.append('\n').append(String.join(", ", meta.triggers()));
		}
		if (!meta.tags().isEmpty()) {
			text.append('\n').append(String.join(", ", meta.tags()));
		}
		return (text.length() > MAX_SKILL_CHARS) ? text.substring(0, MAX_SKILL_CHARS) : text.toString();
	}

}
