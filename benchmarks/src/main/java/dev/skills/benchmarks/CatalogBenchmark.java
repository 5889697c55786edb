package dev.skills.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
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
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * The catalog within its default budget of 4,000 tokens: what {@link SkillsAdvisor} costs
 * per request at 10 skills (the whole catalog fits) and at 10,000 (ranked by the keyword
 * index), for a message that matches a few skills, one that matches every skill, and a
 * follow-up turn ranked with three earlier user turns; and what re-indexing one changed
 * skill costs. Each with the index of the frontmatter alone ({@code bodyChars} 0, as
 * before bodies were indexed) and with the default body prefix. The baseline copies the
 * request the same way without any skill work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CatalogBenchmark {

	@Param({ "10", "10000" })
	public int skills;

	@Param({ "0", "2048" })
	public int bodyChars;

	private java.nio.file.Path root;

	private SkillsRegistry registry;

	private SkillsAdvisor advisor;

	private KeywordSkillIndex index;

	private SkillIndexUpdater updater;

	private Set<String> oneChanged;

	private AdvisorChain chain;

	private ChatClientRequest specific;

	private ChatClientRequest broad;

	private ChatClientRequest followUp;

	@Setup(Level.Trial)
	public void createSkills() {
		this.root = SkillTrees.create(this.skills);
		this.registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(SkillTrees.locations(this.root, this.skills)).build());
		this.index = new KeywordSkillIndex(this.bodyChars);
		this.updater = SkillIndexUpdater.start(this.registry, this.index);
		this.updater.awaitCurrent(Duration.ofMinutes(5));
		this.advisor = SkillsAdvisor.builder(this.registry)
			.catalog(SkillCatalog.builder(this.registry).retriever(this.index).build())
			.build();
		this.chain = DefaultAroundAdvisorChain.builder(ObservationRegistry.NOOP).build();
		// Every description says "task" and "reports": the broad message scores every
		// skill.
		this.specific = request("Fill in task 7 of the quarter");
		this.broad = request("Summarise the reports of every task and propose next steps.");
		this.followUp = request(List.of("Fill in task 7 of the quarter", "And the fixes for task 12?",
				"Review what changed in task 31", "yes, do that for all of them"));
		this.oneChanged = Set.of(SkillTrees.name(this.skills / 2));
		// The first request counts every catalog line and builds the index; measure the
		// steady state.
		this.advisor.before(this.specific, this.chain);
	}

	@TearDown(Level.Trial)
	public void deleteSkills() {
		this.updater.close();
		this.index.close();
		this.registry.close();
		SkillTrees.delete(this.root);
	}

	private static ChatClientRequest request(String message) {
		return request(List.of(message));
	}

	// User turns, each but the last answered by the assistant, as chat memory puts them.
	private static ChatClientRequest request(List<String> turns) {
		List<Message> messages = new ArrayList<>();
		messages.add(new SystemMessage("You are a helpful assistant."));
		for (int i = 0; i < turns.size(); i++) {
			messages.add(new UserMessage(turns.get(i)));
			if (i < turns.size() - 1) {
				messages.add(new AssistantMessage("Done with that."));
			}
		}
		Prompt prompt = new Prompt(messages, ToolCallingChatOptions.builder().build());
		return ChatClientRequest.builder().prompt(prompt).context(Map.of(ChatMemory.CONVERSATION_ID, "c")).build();
	}

	@Benchmark
	public ChatClientRequest baselineCopyRequest() {
		return AdvisorBenchmark.copy(this.specific);
	}

	@Benchmark
	public ChatClientRequest adviseSpecificMessage() {
		return this.advisor.before(this.specific, this.chain);
	}

	@Benchmark
	public ChatClientRequest adviseBroadMessage() {
		return this.advisor.before(this.broad, this.chain);
	}

	@Benchmark
	public ChatClientRequest adviseFollowUpTurn() {
		return this.advisor.before(this.followUp, this.chain);
	}

	@Benchmark
	public KeywordSkillIndex reindexOneChangedSkill() {
		this.index.update(this.registry.snapshot(), this.oneChanged);
		return this.index;
	}

}
