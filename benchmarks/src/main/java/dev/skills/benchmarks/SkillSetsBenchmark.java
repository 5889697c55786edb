package dev.skills.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import dev.skills.spring.ai.set.SkillSet;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.tool.SkillsTools;
import io.micrometer.observation.ObservationRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.advisor.DefaultAroundAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * What skill sets cost at 10,000 skills. Per request: the {@link SkillsAdvisor} with no
 * sets, and with 1 and 100 sets where the request names a set holding every skill, so
 * that the work on the skills is the same and the difference is the sets' own (the other
 * 99 sets hold 100 skills each). On a reload: every set's membership worked out for a new
 * snapshot, against one pass that narrows the snapshot to every skill.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SkillSetsBenchmark {

	private static final int SKILLS = 10_000;

	@Param({ "0", "1", "100" })
	public int sets;

	private java.nio.file.Path root;

	private SkillsRegistry registry;

	private KeywordSkillIndex index;

	private SkillIndexUpdater updater;

	private List<SkillSet> definitions;

	private SkillsAdvisor advisor;

	private AdvisorChain chain;

	private ChatClientRequest request;

	private SkillsSnapshot snapshot;

	@Setup(Level.Trial)
	public void createSkills() {
		this.root = SkillTrees.create(SKILLS);
		this.registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(SkillTrees.locations(this.root, SKILLS)).build());
		this.snapshot = this.registry.snapshot();
		// Requests are measured with the catalog's index built, as in CatalogBenchmark.
		this.index = new KeywordSkillIndex();
		this.updater = SkillIndexUpdater.start(this.registry, this.index);
		this.updater.awaitCurrent(Duration.ofMinutes(5));
		this.definitions = new ArrayList<>();
		if (this.sets > 0) {
			this.definitions.add(SkillSet.of("everyone", "*"));
		}
		for (int i = 1; i < this.sets; i++) {
			// skill-001* is skill-00100 to skill-00199: 100 skills per tenant.
			this.definitions.add(SkillSet.of("tenant-" + i, "skill-%03d*".formatted(i)));
		}
		SkillsTools tools = SkillsTools.builder(this.registry).skillSets(SkillSets.of(this.definitions, null)).build();
		this.advisor = SkillsAdvisor.builder(tools)
			.catalog(SkillCatalog.builder(this.registry).retriever(this.index).build())
			.build();
		this.chain = DefaultAroundAdvisorChain.builder(ObservationRegistry.NOOP).build();
		Prompt prompt = new Prompt(List.of(new SystemMessage("You are a helpful assistant."),
				new UserMessage("Summarise task 7 and propose next steps.")));
		this.request = ChatClientRequest.builder()
			.prompt(prompt)
			.context((this.sets > 0) ? Map.of(ChatMemory.CONVERSATION_ID, "c", SkillsAdvisor.SKILL_SET, "everyone")
					: Map.of(ChatMemory.CONVERSATION_ID, "c"))
			.build();
		// The first request counts every catalog line: measure the steady state.
		this.advisor.before(this.request, this.chain);
	}

	@TearDown(Level.Trial)
	public void deleteSkills() {
		this.updater.close();
		this.index.close();
		this.registry.close();
		SkillTrees.delete(this.root);
	}

	@Benchmark
	public ChatClientRequest advise() {
		return this.advisor.before(this.request, this.chain);
	}

	// Sets made anew have no view cached: each is worked out as on a new snapshot.
	@Benchmark
	public Map<String, SkillsSnapshot> membershipOnReload() {
		return SkillSets.of(this.definitions, null).views(this.snapshot);
	}

	@Benchmark
	public SkillsSnapshot baselineOnePass() {
		return this.snapshot.filter((skill) -> true);
	}

}
