package dev.skills.spring.ai.catalog.index;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.index.cache.EmbeddingCache;
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
 * of the index's own, never by a request, and each text once per model: a vector is taken
 * from the {@link EmbeddingCache} when it holds one and computed otherwise. A refused
 * batch is retried a minute later, and a model that takes seconds never holds back the
 * feed (a removed skill leaves at once). Skills are embedded again when a reload changes
 * them; until then a skill is not ranked here. Each ranking makes one embedding call for
 * the request (its turns as one text); when the model fails the index answers nothing,
 * the request goes on with the other retrievers, and one warning says so until the model
 * answers again. {@link #status()} says how far it is; one INFO line says when it first
 * covers every skill.
 */
public final class EmbeddingSkillIndex implements SkillIndex, AutoCloseable {

	/** How many skills one embedding call carries at most. */
	static final int BATCH = 64;

	private static final Duration RETRY = Duration.ofMinutes(1);

	private static final Log logger = LogFactory.getLog(EmbeddingSkillIndex.class);

	private static final AtomicInteger INDEXES = new AtomicInteger();

	private final EmbeddingModel model;

	private final String modelName;

	private final EmbeddingCache cache;

	private final Duration retry;

	private final IndexThread thread = new IndexThread("skills-embedding-index-" + INDEXES.incrementAndGet());

	private final AtomicLong computed = new AtomicLong();

	private final long started = System.nanoTime();

	// Skill name to its cache key and unit vector; replaced whole, never changed, so a
	// search reads one.
	private volatile Map<String, Embedded> vectors = Map.of();

	// The newest snapshot fed: what a batch embeds and keeps.
	private volatile @Nullable SkillsSnapshot latest;

	// The model's name and fingerprint, learnt by the index thread before its first
	// batch.
	private @Nullable String modelKey;

	private final ModelOutage outage;

	private volatile boolean announced;

	/**
	 * An empty index over a model, with no cache; a batch the model refuses is retried a
	 * minute later.
	 * @param model the embedding model
	 */
	public EmbeddingSkillIndex(EmbeddingModel model) {
		this(model, model.getClass().getSimpleName(), EmbeddingCache.none());
	}

	/**
	 * An empty index over a model that takes the vectors a cache holds.
	 * @param model the embedding model
	 * @param modelName the model's name, as {@link #status()} shows it
	 * @param cache where vectors are kept, keyed by the model and the text
	 */
	public EmbeddingSkillIndex(EmbeddingModel model, String modelName, EmbeddingCache cache) {
		this(model, modelName, cache, RETRY);
	}

	EmbeddingSkillIndex(EmbeddingModel model, String modelName, EmbeddingCache cache, Duration retry) {
		this.model = model;
		this.modelName = modelName;
		this.cache = cache;
		this.retry = retry;
		this.outage = new ModelOutage(modelName, retry);
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
		Map<String, Embedded> vectors = this.vectors;
		if (query.isBlank() || limit <= 0 || vectors.isEmpty()) {
			return List.of();
		}
		float[] wanted = queryVector(query);
		return (wanted != null) ? Vectors.closest(vectors, Embedded::vector, wanted, limit) : List.of();
	}

	/**
	 * How far the index is: its model, the skills embedded, the skills there are, and the
	 * vectors this instance computed rather than took from the cache.
	 * @return the status now
	 */
	public EmbeddingStatus status() {
		SkillsSnapshot snapshot = this.latest;
		return new EmbeddingStatus(this.modelName, this.vectors.size(), (snapshot != null) ? snapshot.size() : 0,
				this.computed.get());
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
		Map<String, String> textOf = new HashMap<>();
		for (String name : names) {
			snapshot.get(name).ifPresent((meta) -> textOf.put(name, EmbeddedText.of(meta)));
		}
		if (textOf.isEmpty()) {
			return;
		}
		Map<String, Embedded> result;
		try {
			result = vectors(textOf);
			this.outage.recovered();
		}
		catch (RuntimeException ex) {
			this.outage.failed(ex);
			this.thread.runLater(() -> embed(names), this.retry);
			return;
		}
		update((next) -> result.forEach((name, embedded) -> {
			if (this.latest.contains(name)) {
				next.put(name, embedded);
			}
		}));
		announceWhenReady();
	}

	// The cache's vectors, and the model's for the texts it does not hold.
	private Map<String, Embedded> vectors(Map<String, String> textOf) {
		if (this.modelKey == null) {
			// Without a cache the key names nothing kept: no call to learn the model's.
			this.modelKey = (this.cache != EmbeddingCache.none()) ? Vectors.fingerprint(this.modelName, this.model)
					: this.modelName;
		}
		Map<String, String> keyOf = new HashMap<>();
		textOf.forEach((name, text) -> keyOf.put(name, EmbeddingCache.key(this.modelKey, text)));
		Map<String, float[]> cached = this.cache.get(keyOf.values());
		List<String> missing = keyOf.keySet().stream().filter((name) -> !cached.containsKey(keyOf.get(name))).toList();
		Map<String, float[]> computed = new HashMap<>();
		if (!missing.isEmpty()) {
			List<float[]> embedded = this.model.embed(missing.stream().map(textOf::get).toList());
			for (int i = 0; i < missing.size() && i < embedded.size(); i++) {
				computed.put(keyOf.get(missing.get(i)), embedded.get(i));
			}
			this.computed.addAndGet(computed.size());
			this.cache.put(computed);
		}
		Map<String, Embedded> result = new HashMap<>();
		keyOf.forEach((name, key) -> {
			float[] vector = cached.getOrDefault(key, computed.get(key));
			float[] unit = (vector != null) ? Vectors.unit(vector) : null;
			if (unit != null) {
				result.put(name, new Embedded(key, unit));
			}
		});
		return result;
	}

	// One INFO line when ranking by meaning first covers every skill; the cache then
	// keeps only the vectors in use.
	private void announceWhenReady() {
		SkillsSnapshot snapshot = this.latest;
		Map<String, Embedded> vectors = this.vectors;
		if (snapshot == null || !vectors.keySet().containsAll(snapshot.names())) {
			return;
		}
		this.cache.retain(vectors.values().stream().map(Embedded::key).collect(Collectors.toSet()));
		if (!this.announced) {
			this.announced = true;
			long millis = Duration.ofNanos(System.nanoTime() - this.started).toMillis();
			logger.info("Ranking by meaning covers every skill: " + vectors.size() + " embedded with " + this.modelName
					+ " in " + millis + " ms, " + this.computed.get() + " computed, the others from the cache");
		}
	}

	// Under the lock: a batch keeps only the skills that the newest snapshot holds.
	private synchronized void update(Consumer<Map<String, Embedded>> change) {
		Map<String, Embedded> next = new HashMap<>(this.vectors);
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
			this.outage.recovered();
		}
		catch (RuntimeException ex) {
			this.outage.failed(ex);
			return null;
		}
		return Vectors.unit(embedded);
	}

	/**
	 * A skill's vector and the cache key it has there.
	 */
	private record Embedded(String key, float[] vector) {
	}

}
