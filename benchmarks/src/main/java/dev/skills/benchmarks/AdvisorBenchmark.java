package dev.skills.benchmarks;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
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
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * What {@link SkillsAdvisor} adds to each request with 1,000 skills: the catalog, the
 * tools, the scoping of three other tools, and the re-injection of an active skill. The
 * baseline copies the request the same way without any skill work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class AdvisorBenchmark {

	private static final int SKILLS = 1_000;

	// The default budget, which ranks this 60,000-token catalog on every request, and
	// one it fits in whole, as every catalog did before the budget existed.
	@Param({ "4000", "100000" })
	public int maxTokens;

	private java.nio.file.Path root;

	private SkillsRegistry registry;

	private SkillsAdvisor advisor;

	private AdvisorChain chain;

	private ChatClientRequest newConversation;

	private ChatClientRequest activeConversation;

	@Setup(Level.Trial)
	public void createSkills() {
		this.root = SkillTrees.create(SKILLS);
		this.registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(SkillTrees.locations(this.root, SKILLS)).build());
		InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();
		activeSkills.activate("active", new ActiveSkill(SkillTrees.name(7), Instant.now()));
		this.advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(activeSkills).build())
			.catalog(SkillCatalog.builder(this.registry).maxTokens(this.maxTokens).build())
			.build();
		this.chain = DefaultAroundAdvisorChain.builder(ObservationRegistry.NOOP).build();
		this.newConversation = request("new");
		this.activeConversation = request("active");
	}

	@TearDown(Level.Trial)
	public void deleteSkills() {
		this.registry.close();
		SkillTrees.delete(this.root);
	}

	private static ChatClientRequest request(String conversationId) {
		List<ToolCallback> tools = List.of(tool("Read"), tool("Grep"), tool("Bash"));
		ToolCallingChatOptions options = ToolCallingChatOptions.builder().toolCallbacks(tools).build();
		Prompt prompt = new Prompt(List.of(new SystemMessage("You are a helpful assistant."),
				new UserMessage("Summarise task 7 and propose next steps.")), options);
		return ChatClientRequest.builder()
			.prompt(prompt)
			.context(Map.of(ChatMemory.CONVERSATION_ID, conversationId))
			.build();
	}

	private static ToolCallback tool(String name) {
		ToolDefinition definition = ToolDefinition.builder()
			.name(name)
			.description(name + " tool")
			.inputSchema("{\"type\":\"object\"}")
			.build();
		return new ToolCallback() {

			@Override
			public ToolDefinition getToolDefinition() {
				return definition;
			}

			@Override
			public String call(String toolInput) {
				return name;
			}

		};
	}

	@Benchmark
	public ChatClientRequest baselineCopyRequest() {
		return copy(this.newConversation);
	}

	// The baseline: copy a request as the advisor does, without any skill work.
	static ChatClientRequest copy(ChatClientRequest request) {
		Prompt prompt = request.prompt();
		ToolCallingChatOptions options = (ToolCallingChatOptions) prompt.getOptions();
		return request.mutate()
			.prompt(Prompt.builder()
				.messages(prompt.getInstructions())
				.chatOptions(options.mutate().toolCallbacks(options.getToolCallbacks()).build())
				.build())
			.build();
	}

	@Benchmark
	public ChatClientRequest adviseNewConversation() {
		return this.advisor.before(this.newConversation, this.chain);
	}

	@Benchmark
	public ChatClientRequest adviseConversationWithActiveSkill() {
		return this.advisor.before(this.activeConversation, this.chain);
	}

}
