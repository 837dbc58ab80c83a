package grammar

import "reflect"

// A registry lists the node types of one rule language in the order its
// parser tries them and its messages list their forms. Each type is
// registered with a pointer to a zero value of its struct and a form that
// shows its syntax in messages, such as "<N"; a type's own file may
// register it from an init function, as the parsers are built on first
// use, after every init has run.
type registry[T any] []registered[T]

type registered[T any] struct {
	node T
	form string
}

func (r *registry[T]) add(node T, form string) { *r = append(*r, registered[T]{node, form}) }

// nodes returns the registered nodes, for the parser's union.
func (r registry[T]) nodes() []T {
	out := make([]T, len(r))
	for i, t := range r {
		out[i] = t.node
	}
	return out
}

// forms returns the forms, for messages.
func (r registry[T]) forms() []string {
	out := make([]string, len(r))
	for i, t := range r {
		out[i] = t.form
	}
	return out
}

// fresh returns a new zero node of each type, which a caller may keep.
func (r registry[T]) fresh() []T {
	out := make([]T, len(r))
	for i, t := range r {
		out[i] = reflect.New(reflect.TypeOf(t.node).Elem()).Interface().(T)
	}
	return out
}
